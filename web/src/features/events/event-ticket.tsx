import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** The blank border a QR code needs around it to be read (four modules, the standard's). */
const QUIET_ZONE = 4;

/**
 * The dark modules of `text`'s QR code (error correction M, the smallest version that holds
 * it) as one SVG path, each row's runs of dark modules drawn as one rectangle.
 */
export function qrPath(text: string): { size: number; path: string } {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  let path = '';
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!qr.isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && qr.isDark(row, col)) col++;
      path += `M${start} ${row}h${col - start}v1h${start - col}z`;
    }
  }
  return { size, path };
}

/**
 * A QR code of `value`, drawn as an SVG image named by `label` (what it is, for those who do
 * not see it): dark on white in either theme, with its quiet zone, scaling with its box. It is
 * a module of its own, loaded only where a ticket shows.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => qrPath(value), [value]);
  const box = size + 2 * QUIET_ZONE;
  return (
    <svg
      role="img"
      aria-label={label}
      className="ticket-qr"
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${box} ${box}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={box} height={box} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
