// Small DOM helpers the page's parts share.

/** A new element with its class and text. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls = "", text = ""):
    HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text) node.textContent = text;
  return node;
}
