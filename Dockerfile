# Ordo's container image. The build stage runs scripts/build-image-root.sh (install, build, prune
# to production dependencies, lay out /opt/ordo); the image holds that folder and Node only.
#   docker build -t ordo .      or      docker compose up (compose.yaml, with PostgreSQL)

FROM node:22-bookworm-slim AS build
# better-sqlite3 is compiled when no prebuilt binary can be downloaded.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/root/.npm scripts/build-image-root.sh /opt/ordo

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3456 \
    ORDO_DATA_DIR=/data
WORKDIR /opt/ordo
COPY --from=build /opt/ordo /opt/ordo
# The SQLite database, attachments, backgrounds, exports and the generated JWT secret live in
# /data; the image's own files stay read-only for the user the server runs as.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3456
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "packages/server/dist/main.js"]
