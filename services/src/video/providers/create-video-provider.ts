import { join } from 'node:path';
import type { AppConfig } from '../../config/app-config';
import type { VideoStorage } from '../video-storage';
import { KIE_DEFAULT_BASE_URL, KieProvider } from './kie/kie.provider';
import { bareHost, type DownloadPolicy } from './provider-download';
import { LocalVideoProvider } from './local/local.provider';
import { VeoProvider } from './veo/veo.provider';
import type { VideoProvider } from './video-provider';

/** The provider chosen by VIDEO_PROVIDER (local by default); the config check guarantees its key is set. */
export function createVideoProvider(config: AppConfig, storage: VideoStorage): VideoProvider {
  const video = config.video;
  const download: DownloadPolicy = {
    storageHosts: video.storageHosts,
    trustedHosts: [video.geminiBaseUrl, video.kieBaseUrl].filter((url) => url !== null).map(bareHost),
    maxBytes: video.downloadMaxBytes,
  };
  switch (video.provider) {
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
    default:
      return new LocalVideoProvider({ workDir: join(config.dataDir, 'renders') });
  }
}
