# syntax=docker/dockerfile:1
# Community Services Marketplace: `docker build -t marketplace .` (see README, "Running with Docker").

# Build: the web app (Vite) and the server (tsc), with every dependency the build needs.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.server.json vite.config.ts ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build

# Runtime dependencies only: the server reads the password list and the ZIP code data from node_modules.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
# dist/node holds the server and its SQL migrations; dist/public the built web app.
COPY --from=build /app/dist ./dist
COPY package.json ./
# `npm run backup|restore|admin|move-to-postgres` inside the container (docker compose exec app npm run backup).
COPY scripts/cli.mjs ./scripts/
# pg_dump and pg_restore for those commands with DATABASE_URL: the client of compose.yaml's PostgreSQL 16, from the
# PostgreSQL project's apt repository (Debian 12's own client is 15, and pg_dump refuses a newer server).
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && install -d /usr/share/postgresql-common/pgdg \
 && curl -fsSo /usr/share/postgresql-common/pgdg/apt.postgresql.org.asc https://www.postgresql.org/media/keys/ACCC4CF8.asc \
 && echo "deb [signed-by=/usr/share/postgresql-common/pgdg/apt.postgresql.org.asc] https://apt.postgresql.org/pub/repos/apt bookworm-pgdg main" > /etc/apt/sources.list.d/pgdg.list \
 && apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client-16 \
 && apt-get purge -y curl && apt-get autoremove -y \
 && rm -rf /var/lib/apt/lists/*
# The image's unprivileged `node` user owns only the data folder.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 5000
# Ready means the database answers and migrations are applied. A restart after a crash takes the dead process's lock
# at once (decision 025); only a holder on another host, which cannot be checked, is waited out (up to 20 s).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/node/server/main.js"]
