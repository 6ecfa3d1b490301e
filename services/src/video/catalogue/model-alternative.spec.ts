import { DEFAULT_CATALOGUE } from './default-catalogue';
import { nearestAlternative } from './model-alternative';

const entry = (id: string) => DEFAULT_CATALOGUE.find((model) => model.id === id)!;

describe('nearestAlternative', () => {
  it('offers the same vendor first, then the closest price, among models that serve the same tabs', () => {
    const everyOther = (id: string) => id !== 'kling-2.1-master';
    expect(nearestAlternative(entry('kling-2.1-master'), DEFAULT_CATALOGUE, everyOther)?.vendor).toBe('Kuaishou');
    const noKling = (id: string) => !id.startsWith('kling');
    const other = nearestAlternative(entry('kling-2.1-master'), DEFAULT_CATALOGUE, noKling)!;
    expect(other.vendor).not.toBe('Kuaishou');
    expect(other.inputs.text && other.inputs.first_frame).toBe(true);
  });

  it('never offers an image-only model for a text model, and says none when nothing is available', () => {
    const onlyImage = (id: string) => id === 'kling-2.1-standard';
    expect(nearestAlternative(entry('veo3'), DEFAULT_CATALOGUE, onlyImage)).toBeNull();
    expect(nearestAlternative(entry('veo3'), DEFAULT_CATALOGUE, () => false)).toBeNull();
  });
});
