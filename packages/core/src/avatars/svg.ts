/** Text placed in generated SVG: names are user input, so markup characters are escaped. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
