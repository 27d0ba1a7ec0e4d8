// Builds the Activity's page into dist/ (served by the bot's web server at /):
// `npm ci && npm run build`. Fails when the page's JavaScript passes its size budget.
// The stylesheet is src/style.css then every other src/*.css in name order, as one file;
// the page's font (fonts/NotoSansSC-page.woff2: the pictures' Noto Sans CJK subset cut to
// the page's words by docs/build_fonts.py) is copied with its licence (render/fonts/OFL.txt).
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const BUDGET = 200 * 1024; // bytes of gzipped JavaScript (issue 35)
const FONTS = ["fonts/NotoSansSC-page.woff2", "../render/fonts/OFL.txt"];
rmSync("dist", { recursive: true, force: true });
mkdirSync("dist/fonts", { recursive: true });
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
const sheets = ["style.css", ...readdirSync("src").filter((f) => f.endsWith(".css") && f !== "style.css").sort()];
writeFileSync("dist/style.css", sheets.map((f) => `/* src/${f} */\n${readFileSync(`src/${f}`, "utf8")}`).join("\n"));
for (const font of FONTS) copyFileSync(font, `dist/fonts/${font.split("/").pop()}`);
const js = gzipSync(readFileSync("dist/app.js")).length;
const css = gzipSync(readFileSync("dist/style.css")).length;
console.log(`dist/app.js: ${(js / 1024).toFixed(1)} KB gzipped; dist/style.css: ${(css / 1024).toFixed(1)} KB gzipped (${sheets.join(", ")})`);
if (js > BUDGET) {
  console.error(`the page's JavaScript is ${js} bytes gzipped, over its budget of ${BUDGET}`);
  process.exit(1);
}
