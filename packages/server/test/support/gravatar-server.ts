/**
 * A real HTTP server standing in for Gravatar (there is no internet here): `/avatar/<md5>` answers
 * the picture registered for that hash as a PNG of the `s` size asked for, and 404 for other
 * hashes (as Gravatar does with `d=404`). It counts the requests it gets.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface GravatarServer {
  /** Base address to put in ORDO_GRAVATAR_URL. */
  url: string;
  requests: string[];
  /** Serves a plain square of `colour` for this e-mail address. */
  addPicture(email: string, colour: { r: number; g: number; b: number }): void;
  close(): Promise<void>;
}

export const md5 = (email: string) => createHash('md5').update(email.trim().toLowerCase()).digest('hex');

export async function startGravatarServer(): Promise<GravatarServer> {
  const pictures = new Map<string, { r: number; g: number; b: number }>();
  const requests: string[] = [];
  const server: Server = createServer(async (req, res) => {
    requests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://localhost');
    const colour = pictures.get(url.pathname.replace(/^\/avatar\//, ''));
    if (!colour || url.searchParams.get('d') !== '404') {
      res.writeHead(404).end();
      return;
    }
    const size = Number(url.searchParams.get('s') ?? 80);
    const png = await sharp({ create: { width: size, height: size, channels: 3, background: colour } })
      .png()
      .toBuffer();
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/avatar/`,
    requests,
    addPicture: (email, colour) => pictures.set(md5(email), colour),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
