/** A multipart/form-data body of file parts, as a browser's upload form sends it. */
export interface FilePart {
  name: string;
  type: string;
  data: Buffer | string;
  /** The form field; attachments are uploaded as `files`. */
  field?: string;
}

export function multipart(parts: FilePart[]): { body: Buffer; contentType: string } {
  const boundary = `----ordo${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'files'}"; filename="${part.name}"\r\nContent-Type: ${part.type}\r\n\r\n`,
      ),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
