/**
 * A .png file holding only a PNG's start, its IHDR declaring this size: all the picker reads before
 * decoding (jsdom decodes nothing, so the specs stand in for the decoder).
 */
export function pngHeaderFile(name: string, width: number, height: number): File {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return new File([bytes], name, { type: 'image/png' });
}
