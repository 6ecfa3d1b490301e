import {
  checkContentImage,
  compressedType,
  fitWithin,
  formatFileSize,
  renamedFor,
  shouldOfferCompression,
} from './content-image';

const MB = 1024 * 1024;

describe('formatFileSize (SPEC §9 units Bytes, KB, MB, GB)', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1536, '1.5 KB'],
    [10_485_761, '10 MB'],
    [12.34 * MB, '12.34 MB'],
    [3 * 1024 * MB, '3 GB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('checkContentImage', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });

  it.each([
    ['a.jpg', 'image/jpeg'],
    ['a.jpeg', 'image/jpeg'],
    ['a.png', 'image/png'],
    ['a.gif', 'image/gif'],
    ['a.webp', 'image/webp'],
    ['a.JPG', ''],
  ])('accepts %s (%s)', (name, type) => {
    expect(checkContentImage(file(name, type))).toBeNull();
  });

  it.each([
    ['a.bmp', 'image/bmp'],
    ['a.svg', 'image/svg+xml'],
    ['a.tiff', 'image/tiff'],
    ['a.heic', 'image/heic'],
    ['a.pdf', 'application/pdf'],
    ['a.png.exe', ''],
  ])('refuses %s (%s)', (name, type) => {
    expect(checkContentImage(file(name, type))).toEqual({ kind: 'type' });
  });

  it('allows exactly 10 MB and refuses more, stating the actual size', () => {
    expect(checkContentImage(file('a.png', 'image/png', 10 * MB))).toBeNull();
    expect(checkContentImage(file('a.png', 'image/png', 12.5 * MB))).toEqual({ kind: 'size', size: '12.5 MB' });
  });
});

describe('shouldOfferCompression', () => {
  it('offers for 2 MB or more, wider than 1200 or taller than 900', () => {
    expect(shouldOfferCompression(2 * MB - 1, 1200, 900)).toBe(false);
    expect(shouldOfferCompression(2 * MB, 100, 100)).toBe(true);
    expect(shouldOfferCompression(1000, 1201, 100)).toBe(true);
    expect(shouldOfferCompression(1000, 100, 901)).toBe(true);
  });
});

describe('fitWithin 1200x900', () => {
  it.each([
    [
      [2400, 1800],
      [1200, 900],
    ],
    [
      [4000, 1000],
      [1200, 300],
    ],
    [
      [1000, 3000],
      [300, 900],
    ],
    [
      [800, 600],
      [800, 600],
    ],
    [
      [1201, 1],
      [1200, 1],
    ],
  ])('%j → %j keeping the aspect ratio, never enlarging', ([w, h], expected) => {
    const { width, height } = fitWithin(w!, h!);
    expect([width, height]).toEqual(expected);
  });
});

describe('compressed file', () => {
  it('keeps JPEG, writes the others as WebP (which honours the quality and keeps transparency)', () => {
    expect(compressedType('image/jpeg')).toBe('image/jpeg');
    expect(compressedType('image/png')).toBe('image/webp');
    expect(compressedType('image/gif')).toBe('image/webp');
  });

  it('is named after what it became', () => {
    expect(renamedFor('holiday.photo.PNG', 'image/webp')).toBe('holiday.photo.webp');
    expect(renamedFor('a.png', 'image/jpeg')).toBe('a.jpg');
    expect(renamedFor('noext', 'image/png')).toBe('noext.png');
  });
});
