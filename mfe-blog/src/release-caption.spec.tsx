import { render, screen } from '@testing-library/react';
import { ReleaseCaption, releaseAttributes } from './release-caption';

describe('ReleaseCaption', () => {
  const saved = process.env.MFE_VERSION_LABEL;
  afterEach(() => {
    if (saved === undefined) delete process.env.MFE_VERSION_LABEL;
    else process.env.MFE_VERSION_LABEL = saved;
  });

  it('shows nothing and adds no attribute in an unlabelled build', () => {
    delete process.env.MFE_VERSION_LABEL;
    const { container } = render(<ReleaseCaption />);
    expect(container.innerHTML).toBe('');
    expect(releaseAttributes()).toEqual({});
  });

  it('names the release in a labelled build', () => {
    process.env.MFE_VERSION_LABEL = 'v2';
    render(<ReleaseCaption />);
    expect(screen.getByText('Blog v2')).toBeTruthy();
    expect(releaseAttributes()).toEqual({ 'data-version': 'v2' });
  });
});
