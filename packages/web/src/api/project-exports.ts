/** Downloading a project's tasks as a file (`GET /projects/{id}/export?format=ics|csv`). */
import { apiFetch } from './client';

export type ProjectExportFormat = 'ics' | 'csv';

/** The name the server gave the file: RFC 6266's filename* (UTF-8) before the plain one. */
export function attachmentName(header: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name falls through to the plain one.
    }
  }
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? fallback;
}

/** Fetches the file and hands it to the browser as a download. */
export async function downloadProjectExport(
  projectId: number,
  format: ProjectExportFormat,
  fallbackName: string,
): Promise<void> {
  const response = await apiFetch(`/projects/${projectId}/export?format=${format}`);
  const name = attachmentName(response.headers.get('content-disposition'), `${fallbackName}.${format}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
