# syntax=docker/dockerfile:1
# One remote's static build, served by unprivileged nginx under /mfe/<APP>/ with the site's caching
# rules. APP is the remote's folder: generator, billing, blog, blog-admin or admin.
#   docker build -f docker/static.Dockerfile --build-arg APP=blog \
#     --build-arg PREVIOUS_IMAGE=<registry>/veo3/mfe-blog:<tag running now> -t <registry>/veo3/mfe-blog:<new tag> .
# Each image holds its build as a release (/mfe/<APP>/<release id>/) and the earlier releases of
# PREVIOUS_IMAGE within REMOTE_RETENTION, so a page opened on an earlier release keeps finding its
# files on every pod. Without PREVIOUS_IMAGE (the first image) it holds its own release only.
# The shell is not built here: its HTML is rendered per request by the service image (ROLE=web).
ARG NODE_IMAGE=node:22-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.28-alpine
ARG PREVIOUS_IMAGE=${NGINX_IMAGE}

FROM ${PREVIOUS_IMAGE} AS previous

FROM ${NODE_IMAGE} AS build
ARG APP
# How long earlier releases stay: the last 5, or those replaced within 14 days, whichever keeps more.
ARG REMOTE_RETENTION=5,14d
RUN case "${APP}" in generator|billing|blog|blog-admin|admin) ;; \
  *) echo "APP must be one of generator, billing, blog, blog-admin, admin (got '${APP}')" >&2; exit 1 ;; esac
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
  npm_config_update_notifier=false
COPY package.json package-lock.json ./
COPY platform/package.json platform/
COPY shell/package.json shell/
COPY mfe-generator/package.json mfe-generator/
COPY mfe-billing/package.json mfe-billing/
COPY mfe-blog/package.json mfe-blog/
COPY mfe-blog-admin/package.json mfe-blog-admin/
COPY mfe-admin/package.json mfe-admin/
COPY services/package.json services/
COPY e2e/package.json e2e/
# No native build is needed for a frontend: skip install scripts (better-sqlite3 would want a compiler).
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY tsconfig.base.json tsconfig.json tsconfig.web.json ./
COPY scripts scripts
COPY platform platform
COPY shell/index.html shell/index.html
# Remotes import a few plain modules of the service tier (generation options, the draft slug).
COPY services/src services/src
COPY mfe-${APP} mfe-${APP}
RUN --mount=type=bind,from=previous,source=/usr/share/nginx/html,target=/previous \
  node scripts/publish-release.mjs ${APP} --carry /previous/mfe/${APP}
# Publishes the build into releases/${APP}/ beside the carried ones and prunes past REMOTE_RETENTION.
RUN node scripts/build.mjs mfe-${APP}

FROM ${NGINX_IMAGE} AS runtime
ARG APP
COPY docker/nginx/remote.conf /etc/nginx/conf.d/default.conf
# The current build also at /mfe/<APP>/ itself, for a remote map that names no release (docker compose).
COPY --from=build /app/mfe-${APP}/dist /usr/share/nginx/html/mfe/${APP}/
COPY --from=build /app/releases/${APP} /usr/share/nginx/html/mfe/${APP}/
# nginx-unprivileged runs as uid 101 and listens on 8080.
USER 101
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=5s --retries=3 \
  CMD wget -q -O /dev/null http://127.0.0.1:8080/api/health || exit 1
