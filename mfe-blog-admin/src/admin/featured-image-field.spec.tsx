import { fireEvent, render, screen } from '@testing-library/react';
import { FeaturedImageField } from './featured-image-field';

describe('FeaturedImageField', () => {
  const createObjectURL = jest.fn(() => 'blob:preview-1');
  const revokeObjectURL = jest.fn();

  beforeEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
  });

  it('previews the chosen image at 32x32 and releases it when the form closes', () => {
    const { unmount } = render(<FeaturedImageField currentUrl={null} uploading={false} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('No image chosen')).toBeTruthy();
    const file = new File(['x'], 'cover.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Featured Image'), { target: { files: [file] } });
    const preview = screen.getByRole('img', { name: 'Chosen featured image' });
    expect(preview.getAttribute('src')).toBe('blob:preview-1');
    expect([preview.getAttribute('width'), preview.getAttribute('height')]).toEqual(['32', '32']);
    expect(createObjectURL).toHaveBeenCalledWith(file);
    expect(screen.getByText('cover.png')).toBeTruthy();
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
  });

  it('accepts any image type', () => {
    render(<FeaturedImageField currentUrl={null} uploading={false} />);
    expect(screen.getByLabelText('Featured Image').getAttribute('accept')).toBe('image/*');
  });

  it('shows Uploading... while an upload runs', () => {
    render(<FeaturedImageField currentUrl="https://cdn.example.com/a.jpg" uploading />);
    expect(screen.getByText('Current image')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Uploading...');
    expect((screen.getByLabelText('Featured Image') as HTMLInputElement).disabled).toBe(true);
  });
});
