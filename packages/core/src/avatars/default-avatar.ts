/** The "default" avatar: a neutral silhouette on grey, the same for everyone. */
export function defaultAvatarSvg(size: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 80 80" role="img">` +
    `<rect width="80" height="80" fill="#dee2e6"/>` +
    `<circle cx="40" cy="31" r="14" fill="#868e96"/>` +
    `<path d="M12 80c0-16 12.5-27 28-27s28 11 28 27z" fill="#868e96"/></svg>`
  );
}
