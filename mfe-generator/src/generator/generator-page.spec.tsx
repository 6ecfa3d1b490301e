import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { sessionStore } from '@veo3/platform/session/session-store';
import { signInForTest } from '@veo3/platform/testing/test-session';
import GeneratorPage from './generator-page';

function LocationProbe() {
  const location = useLocation();
  const navigationType = useNavigationType();
  return (
    <div data-testid="location" data-navigation={navigationType}>
      {location.pathname + location.search}
    </div>
  );
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/text-to-veo3-video"
          element={
            <>
              <GeneratorPage />
              <LocationProbe />
            </>
          }
        />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

const prompt = () => screen.getByLabelText<HTMLTextAreaElement>('Prompt');
const generate = () => fireEvent.click(screen.getByRole('button', { name: 'Generate Video' }));
const status = () => screen.getByRole('status');

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

beforeEach(() => {
  localStorage.clear();
  act(() => {
    sessionStore.restore();
  });
});

describe('GeneratorPage', () => {
  it('opens on the Text to Video tab with the sample toy car prompt', () => {
    renderAt('/text-to-veo3-video?type=text');
    expect(screen.getByRole('heading', { level: 1 })).toHaveProperty('textContent', 'AI Video Generator');
    expect(screen.getByRole('tab', { name: 'Text to Video' }).getAttribute('aria-selected')).toBe('true');
    expect(prompt().value).toMatch(/toy car/);
    expect(prompt().value.split(/\s+/).length).toBeGreaterThanOrEqual(60);
    expect(screen.queryByLabelText('Starting image')).toBeNull();
  });

  it.each(['/text-to-veo3-video', '/text-to-veo3-video?type=video'])('treats %s as text mode', (url) => {
    renderAt(url);
    expect(screen.getByRole('tab', { name: 'Text to Video' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens Image to Video from ?type=image with an empty prompt and an image picker', () => {
    renderAt('/text-to-veo3-video?type=image');
    expect(screen.getByRole('tab', { name: 'Image to Video' }).getAttribute('aria-selected')).toBe('true');
    expect(prompt().value).toBe('');
    const input = screen.getByLabelText<HTMLInputElement>('Starting image');
    expect(input.accept).toBe('image/*');
    expect(screen.getByText('JPG, PNG, GIF')).toBeTruthy();
  });

  it('switching tab updates ?type= and replaces the history entry', () => {
    renderAt('/text-to-veo3-video?type=text');
    fireEvent.click(screen.getByRole('tab', { name: 'Image to Video' }));
    const location = screen.getByTestId('location');
    expect(location.textContent).toBe('/text-to-veo3-video?type=image');
    expect(location.getAttribute('data-navigation')).toBe('REPLACE');
    expect(prompt().value).toBe('');

    fireEvent.click(screen.getByRole('tab', { name: 'Text to Video' }));
    expect(location.textContent).toBe('/text-to-veo3-video?type=text');
    expect(prompt().value).toMatch(/toy car/);
  });

  it('moves between tabs with the arrow keys', () => {
    renderAt('/text-to-veo3-video');
    const textTab = screen.getByRole('tab', { name: 'Text to Video' });
    fireEvent.keyDown(textTab, { key: 'ArrowRight' });
    const imageTab = screen.getByRole('tab', { name: 'Image to Video' });
    expect(imageTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(imageTab);
    expect(screen.getByTestId('location').textContent).toBe('/text-to-veo3-video?type=image');
    fireEvent.keyDown(imageTab, { key: 'ArrowLeft' });
    expect(textTab.getAttribute('aria-selected')).toBe('true');
  });

  it('shows a chosen image with its file size', () => {
    renderAt('/text-to-veo3-video?type=image');
    const file = new File([new Uint8Array(1536)], 'kitten.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Starting image'), { target: { files: [file] } });
    expect(screen.getByRole('img', { name: 'Preview of kitten.png' }).getAttribute('src')).toBe('blob:preview');
    expect(screen.getByText('1.5 KB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByText('kitten.png')).toBeNull();
  });

  it('shows the cost, length, time and price note', () => {
    renderAt('/text-to-veo3-video');
    expect(screen.getByText('VEO 3 Text')).toBeTruthy();
    expect(screen.getByText('40 credits')).toBeTruthy();
    expect(screen.getByText('8 seconds, with audio')).toBeTruthy();
    expect(screen.getByText('5–8 minutes')).toBeTruthy();
    expect(screen.getByText('Official $6.00')).toBeTruthy();
    expect(screen.getByText('Only $2.40 per video')).toBeTruthy();
    expect(screen.getByText('Save 60%')).toBeTruthy();
  });

  it('signed out: asks to login, and Generate says so', () => {
    renderAt('/text-to-veo3-video');
    expect(screen.getByText('Please login to generate videos')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    generate();
    expect(status().textContent).toBe('Please login before generating a video');
  });

  it('checks the prompt before anything else', () => {
    renderAt('/text-to-veo3-video?type=image');
    generate();
    expect(status().textContent).toBe('Please enter a prompt');
    fireEvent.change(prompt(), { target: { value: 'The kitten yawns' } });
    expect(status().textContent).toBe('');
    generate();
    expect(status().textContent).toBe('Image to Video mode requires an image. Please upload an image.');
  });

  it('signed in with too few credits: offers to buy credits and refuses to generate', () => {
    signInForTest({ credits: 12 });
    renderAt('/text-to-veo3-video');
    const notice = screen.getByText('Not enough credits (12/40)').parentElement!;
    expect(within(notice).getByRole('link', { name: 'Buy Credits' }).getAttribute('href')).toBe('/pricing');
    generate();
    expect(status().textContent).toBe(
      'Not enough credits! Generating a VEO 3 Text video requires 40 credits, you currently have 12 credits',
    );
  });

  it('signed in with enough credits: a valid request is accepted but generation is not offered yet', () => {
    signInForTest({ credits: 120 });
    renderAt('/text-to-veo3-video');
    expect(screen.getByText('Balance: 120 credits')).toBeTruthy();
    expect(screen.queryByText(/Not enough credits/)).toBeNull();
    generate();
    expect(status().textContent).toBe(
      'Video generation is not available yet. Your prompt is ready, please check back soon.',
    );
    expect(screen.getByText('Your video will appear here')).toBeTruthy();
  });
});
