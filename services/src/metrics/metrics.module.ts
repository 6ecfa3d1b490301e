import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MetricsServer } from './metrics-server';
import { MetricsService } from './metrics.service';

/** Serves /metrics on METRICS_HOST:METRICS_PORT from boot until the app closes (not when METRICS_PORT=off). */
@Injectable()
export class MetricsEndpoint implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsEndpoint.name);
  private readonly server: MetricsServer;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    metrics: MetricsService,
  ) {
    this.server = new MetricsServer(() => metrics.metrics());
  }

  async onModuleInit(): Promise<void> {
    if (this.config.metricsPort === null) return;
    try {
      const port = await this.server.listen(this.config.metricsPort, this.config.metricsHost);
      this.logger.log(`metrics on http://${this.config.metricsHost}:${port}/metrics`);
    } catch (error) {
      // Two processes on one host (a worker next to the API in development) cannot share the port:
      // the second serves without metrics rather than not at all. (A pod has the port to itself.)
      this.logger.error(
        `metrics not served on port ${this.config.metricsPort}: ${error instanceof Error ? error.message : String(error)}; set METRICS_PORT to a free port or off`,
      );
    }
  }

  onApplicationShutdown(): Promise<void> {
    return this.server.close();
  }
}

/** Prometheus metrics for every feature (global: services count their events through MetricsService). */
@Global()
@Module({
  providers: [MetricsService, MetricsEndpoint],
  exports: [MetricsService],
})
export class MetricsModule {}
