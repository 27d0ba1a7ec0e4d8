// Builds the Activity's page into dist/ (served by the bot's web server at /):
// `npm ci && npm run build`. Fails when the page's JavaScript passes its size budget.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";

const BUDGET = 200 * 1024; // bytes of gzipped JavaScript (issue 35)
rmSync("dist", { recursive: true, force: true });
mkdirSync("dist", { recursive: true });
await build({
  entryPoints: ["src/main.ts"],
  bundle: true,
  minify: true,
  format: "esm",
  target: ["es2020", "chrome100", "safari15"],
  outfile: "dist/app.js",
  legalComments: "none",
  logLevel: "warning",
});
copyFileSync("index.html", "dist/index.html");
copyFileSync("src/style.css", "dist/style.css");
const js = gzipSync(readFileSync("dist/app.js")).length;
const css = gzipSync(readFileSync("dist/style.css")).length;
console.log(`dist/app.js: ${(js / 1024).toFixed(1)} KB gzipped; dist/style.css: ${(css / 1024).toFixed(1)} KB gzipped`);
if (js > BUDGET) {
  console.error(`the page's JavaScript is ${js} bytes gzipped, over its budget of ${BUDGET}`);
  process.exit(1);
}
