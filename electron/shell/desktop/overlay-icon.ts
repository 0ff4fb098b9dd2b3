import { type NativeImage, nativeImage } from 'electron';

const SIZE = 16;
let dot: NativeImage | null = null;

/** A filled red dot, drawn as a bitmap because nativeImage cannot load SVG; the tray's icon while recording. */
export function redDot(): NativeImage {
  if (!dot) {
    const pixels = Buffer.alloc(SIZE * SIZE * 4);
    const centre = (SIZE - 1) / 2;
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        if (Math.hypot(x - centre, y - centre) > SIZE / 2 - 0.5) continue;
        // BGRA: #d93025, a red that reads on light and dark taskbars.
        pixels.set([0x25, 0x30, 0xd9, 0xff], (y * SIZE + x) * 4);
      }
    }
    dot = nativeImage.createFromBitmap(pixels, { width: SIZE, height: SIZE });
  }
  return dot;
}

/**
 * The Windows taskbar overlay for unseen results: the dot (the overlay is 16 px, too small for
 * a legible count; the count is in its accessible description).
 */
export function overlayFor(count: number): NativeImage | null {
  return count === 0 ? null : redDot();
}
