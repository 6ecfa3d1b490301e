# syntax=docker/dockerfile:1
# The service tier: one image, the process role chosen at run time by ROLE (api, worker, web, all).
#   docker build -t veo3/service .
#   docker run -p 3000:3000 -e ROLE=all veo3/service        # the whole site on one container (SQLite in /data)
# Node 22 LTS (engines: ^22.15 || ^24.11); pin a digest with --build-arg NODE_IMAGE=node:22-bookworm-slim@sha256:...
# --build-arg PREVIOUS_IMAGE=<registry>/veo3/service:<tag running now> carries that image's shell
# asset releases (within REMOTE_RETENTION), so a page opened before this release still finds its
# lazy chunks on every web pod; without it the image holds its own release only.
ARG NODE_IMAGE=node:22-bookworm-slim
ARG PREVIOUS_IMAGE=${NODE_IMAGE}

FROM ${PREVIOUS_IMAGE} AS previous

# All dependencies, dev ones included (the frontends and the services are compiled here).
FROM ${NODE_IMAGE} AS deps
# better-sqlite3 compiles itself when no prebuilt binary matches the Node ABI.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
  npm_config_update_notifier=false
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY shell/package.json shell/
COPY mfe-generator/package.json mfe-generator/
COPY mfe-billing/package.json mfe-billing/
COPY mfe-blog/package.json mfe-blog/
COPY mfe-blog-admin/package.json mfe-blog-admin/
COPY mfe-admin/package.json mfe-admin/
COPY services/package.json services/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund

# The shell (with its pre-rendered pages), the five remotes and the services.
FROM deps AS build
COPY tsconfig.base.json tsconfig.json tsconfig.web.json ./
COPY scripts scripts
COPY contracts contracts
COPY platform platform
COPY shell shell
COPY mfe-generator mfe-generator
COPY mfe-billing mfe-billing
COPY mfe-blog mfe-blog
COPY mfe-blog-admin mfe-blog-admin
COPY mfe-admin mfe-admin
COPY services services
ARG REMOTE_RETENTION=5,14d
# The previous image's shell releases (none in the first image), then the build publishes its own beside them.
RUN --mount=type=bind,from=previous,source=/,target=/previous \
  node scripts/publish-release.mjs shell --carry /previous/app/releases/shell
RUN node scripts/build.mjs

# Only what the services need at run time: their production dependencies, nothing of the frontends'.
FROM deps AS prod-deps
RUN npm ci --no-audit --no-fund --omit=dev --workspace=services --include-workspace-root=false

FROM ${NODE_IMAGE} AS runtime
# The local renderer letters prompts through Pango/fontconfig: Latin from DejaVu, Chinese (zh-CN,
# the site's other language) from Noto CJK. Without them a CJK prompt renders as empty boxes.
RUN apt-get update \
  && apt-get install -y --no-install-recommends fontconfig fonts-dejavu-core fonts-noto-cjk ca-certificates \
  && rm -rf /var/lib/apt/lists/* \
  && fc-cache -f \
  && mkdir -p /data \
  && chown 1000:1000 /data
WORKDIR /app
# AsyncLocalStorage on async context frames (Node 24's default; Node 22 has it behind this flag,
# which Node 24 refuses): with tracing on (OTEL_*), Node 22's promise hooks otherwise cost every
# request about a third more CPU (bench:api). Drop the flag with the move to a node:24 base.
# Metrics open to the pod network for Prometheus (Kubernetes: a NetworkPolicy says who scrapes). The
# site's own HOST is left to its default: every interface, but loopback while dev sign-in is on.
ENV NODE_ENV=production \
  NODE_OPTIONS=--experimental-async-context-frame \
  ROLE=all \
  PORT=3000 \
  METRICS_HOST=0.0.0.0 \
  DATA_DIR=/data \
  WEB_DIR=/app
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=build /app/package.json package.json
COPY --from=build /app/services/package.json services/package.json
COPY --from=build /app/services/dist services/dist
# The seed effects' sample videos and posters (/effects/<slug>/sample.mp4), found beside services/dist.
COPY --from=build /app/services/assets services/assets
COPY --from=build /app/contracts/package.json contracts/package.json
COPY --from=build /app/contracts/dist contracts/dist
# The web role renders the shell's pages; with ROLE=all (or no MFE_<NAME>_URL) it serves the remotes too.
COPY --from=build /app/shell/dist shell/dist
COPY --from=build /app/releases/shell releases/shell
COPY --from=build /app/mfe-generator/dist mfe-generator/dist
COPY --from=build /app/mfe-billing/dist mfe-billing/dist
COPY --from=build /app/mfe-blog/dist mfe-blog/dist
COPY --from=build /app/mfe-blog-admin/dist mfe-blog-admin/dist
COPY --from=build /app/mfe-admin/dist mfe-admin/dist
COPY docker/healthcheck.mjs docker/healthcheck.mjs
# The node user (uid 1000) of the base image, by number so Kubernetes can verify runAsNonRoot.
USER 1000:1000
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD ["node", "/app/docker/healthcheck.mjs"]
CMD ["node", "services/dist/main.js"]
