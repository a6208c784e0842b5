/**
 * Renders the app's icons from packages/web/public/favicon.svg with sharp: the PNG sizes an
 * installable app needs (192, 512, a maskable 512 with the mark inside the safe zone), the
 * 180 px apple-touch icon and a favicon.ico (PNG inside an ICO container, which every browser
 * reads). The results are committed; run this again after changing the SVG.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const publicDir = join(import.meta.dirname, '..', 'packages', 'web', 'public');
const svg = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');

// Maskable: a full-bleed background, and the mark scaled into the central 80 % safe circle.
const maskable = svg
  .replace(/<rect ([^>]*?)rx="\d+"/, '<rect $1')
  .replace(
    /(<circle[\s\S]*<\/svg>)/,
    (inner) =>
      `<g transform="translate(32 32) scale(0.72) translate(-32 -32)">${inner.replace('</svg>', '')}</g></svg>`,
  );

async function png(source, size) {
  return sharp(Buffer.from(source), { density: 72 * (size / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An ICO file holding one PNG image (ICONDIR, one ICONDIRENTRY, then the PNG bytes). */
function ico(pngBytes, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8);
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(pngBytes.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, pngBytes]);
}

const outputs = [
  ['icon-192.png', await png(svg, 192)],
  ['icon-512.png', await png(svg, 512)],
  ['icon-maskable-512.png', await png(maskable, 512)],
  ['apple-touch-icon.png', await png(maskable, 180)],
  ['favicon.ico', ico(await png(svg, 32), 32)],
];
for (const [name, bytes] of outputs) writeFileSync(join(publicDir, name), bytes);
console.log(outputs.map(([name, bytes]) => `${name} ${bytes.length} B`).join('\n'));
