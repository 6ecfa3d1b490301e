import { join } from 'node:path';
import type { ProviderName } from '@veo3/contracts/model-catalogue';
import type { AppConfig } from '../../config/app-config';
import type { VideoStorage } from '../video-storage';
import { FalProvider } from './fal/fal.provider';
import { KIE_DEFAULT_BASE_URL, KieProvider } from './kie/kie.provider';
import { bareHost, type DownloadPolicy } from './provider-download';
import { LocalVideoProvider } from './local/local.provider';
import { VeoProvider } from './veo/veo.provider';
import type { VideoProvider } from './video-provider';
import { VideoProviders } from './video-providers';

function createVideoProvider(name: ProviderName, config: AppConfig, storage: VideoStorage): VideoProvider {
  const video = config.video;
  const download: DownloadPolicy = {
    storageHosts: video.storageHosts,
    trustedHosts: [video.geminiBaseUrl, video.kieBaseUrl, video.falBaseUrl].filter((url) => url !== null).map(bareHost),
    maxBytes: video.downloadMaxBytes,
  };
  switch (name) {
    case 'veo':
      return new VeoProvider({
        apiKey: video.geminiApiKey!,
        baseUrl: video.geminiBaseUrl,
        model: video.veoModel,
        fastModel: video.veoFastModel,
        omniModel: video.omniModel,
        download,
      });
    case 'kie':
      return new KieProvider({
        apiKey: video.kieApiKey!,
        baseUrl: video.kieBaseUrl ?? KIE_DEFAULT_BASE_URL,
        // kie.ai fetches the image itself: an absolute, expiring link to our stored upload.
        imageUrlFor: (taskId, frame) =>
          `${config.siteUrl}${storage.signedUrl(taskId, frame === 'first' ? 'upload' : 'last-frame')}`,
        download,
      });
    case 'fal':
      return new FalProvider({
        apiKey: video.falKey!,
        baseUrl: video.falBaseUrl,
        catalogue: video.catalogue,
        download,
      });
    default:
      return new LocalVideoProvider({ workDir: join(config.dataDir, 'renders') });
  }
}

/** The providers VIDEO_PROVIDERS names (the config check guarantees each one's key is set). */
export function createVideoProviders(config: AppConfig, storage: VideoStorage): VideoProviders {
  return new VideoProviders(config.video.providers.map((name) => createVideoProvider(name, config, storage)));
}
