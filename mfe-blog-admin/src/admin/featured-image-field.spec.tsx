import { act, fireEvent, render, screen } from '@testing-library/react';
import { FeaturedImageField } from './featured-image-field';

describe('FeaturedImageField', () => {
  const createObjectURL = jest.fn(() => 'blob:preview-1');
  const revokeObjectURL = jest.fn();
  const noop = () => {};

  beforeEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
  });

  const choose = (file: File) =>
    fireEvent.change(screen.getByLabelText('Featured Image'), { target: { files: [file] } });

  it('previews the chosen image at 32x32 while it uploads, then releases it', async () => {
    let finish: (ok: boolean) => void = noop;
    const onFile = jest.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    const { rerender } = render(
      <FeaturedImageField currentUrl={null} uploading={false} onFile={onFile} onRemove={noop} />,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('No image chosen')).toBeTruthy();
    const file = new File(['x'], 'cover.png', { type: 'image/png' });
    choose(file);
    expect(onFile).toHaveBeenCalledWith(file);
    rerender(<FeaturedImageField currentUrl={null} uploading onFile={onFile} onRemove={noop} />);
    const preview = screen.getByRole('img', { name: 'Chosen featured image' });
    expect(preview.getAttribute('src')).toBe('blob:preview-1');
    expect([preview.getAttribute('width'), preview.getAttribute('height')]).toEqual(['32', '32']);
    expect(screen.getByRole('status').textContent).toContain('Uploading...');
    expect(screen.getByText('cover.png')).toBeTruthy();

    rerender(
      <FeaturedImageField currentUrl="/api/blog/images/cover.webp" uploading={false} onFile={onFile} onRemove={noop} />,
    );
    await act(async () => finish(true));
    expect(screen.getByRole('img', { name: 'Chosen featured image' }).getAttribute('src')).toBe(
      '/api/blog/images/cover.webp',
    );
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(screen.getByText('cover.png')).toBeTruthy();
  });

  it('forgets the chosen file when its upload fails', async () => {
    const onFile = jest.fn(async () => false);
    render(<FeaturedImageField currentUrl={null} uploading={false} onFile={onFile} onRemove={noop} />);
    await act(async () => choose(new File(['x'], 'cover.png', { type: 'image/png' })));
    expect(screen.getByText('No image chosen')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('accepts any image type', () => {
    render(<FeaturedImageField currentUrl={null} uploading={false} onFile={async () => true} onRemove={noop} />);
    expect(screen.getByLabelText('Featured Image').getAttribute('accept')).toBe('image/*');
  });

  it('is disabled while an upload runs', () => {
    render(
      <FeaturedImageField
        currentUrl="https://cdn.example.com/a.jpg"
        uploading
        onFile={async () => true}
        onRemove={noop}
      />,
    );
    expect(screen.getByText('Current image')).toBeTruthy();
    expect((screen.getByLabelText('Featured Image') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Remove image' })).toBeNull();
  });

  it('removes the current image', () => {
    const onRemove = jest.fn();
    render(
      <FeaturedImageField
        currentUrl="https://cdn.example.com/a.jpg"
        uploading={false}
        onFile={async () => true}
        onRemove={onRemove}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(onRemove).toHaveBeenCalled();
  });
});
