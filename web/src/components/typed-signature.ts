const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** A typed name as an SVG signature (the same format the drawing pad exports). */
export function typedSignatureSvg(name: string): string {
  const width = Math.max(240, Math.min(900, name.length * 26 + 40));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="120" viewBox="0 0 ${width} 120">` +
    `<text x="20" y="78" font-family="'Brush Script MT', 'Segoe Script', cursive" font-size="44" fill="#111827">` +
    `${escapeXml(name)}</text></svg>`
  );
}
