# One image, two roles: `--role=api` (HTTP, real-time and the web console at `/`) and `--role=worker`
# (scheduler + dispatcher). Node 22, a maintained LTS and the version CI tests beside Node 20.
# `npm run check:image` runs these same steps outside Docker (scripts/image-check.ts) and requests the result.
FROM node:22-bookworm-slim AS build
WORKDIR /app
# The console is an npm workspace: its package.json must be there for `npm ci` to install its packages.
COPY package.json package-lock.json ./
COPY web/package.json ./web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY scripts ./scripts
COPY web ./web
RUN npm run build && npm run build:web && npm prune --omit=dev

FROM node:22-bookworm-slim
# DATA_DIR holds the embedded storage's uploads when S3_BUCKET is unset (compose.yaml mounts a volume
# there); it must be writable by the unprivileged user the service runs as.
ENV NODE_ENV=production PORT=4000 METRICS_PORT=9464 DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The built console; the server finds it beside dist/ (src/platform/http/web-console.ts).
COPY --from=build /app/web/dist ./web/dist
# Migrations are read from src/platform/db/migrations at start-up (see src/platform/db/client.ts).
COPY --from=build /app/src/platform/db/migrations ./src/platform/db/migrations
RUN mkdir -p data && chown node:node data
USER node
# 4000: the API (and /metrics when METRICS_ENABLED); 9464: a worker's metrics and health listener.
EXPOSE 4000 9464
# The API's health check; a worker has no API, so compose.yaml gives worker containers their own check
# (its metrics listener's /health, served when METRICS_ENABLED).
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD node -e "fetch(process.env.HEALTHCHECK_URL||'http://127.0.0.1:'+(process.env.PORT||4000)+'/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM: finish requests and batches in flight (SHUTDOWN_GRACE_MS), then exit; give it that long.
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js", "--role=api"]
