# kb-pages image. The base is a build argument: node:26-slim where a registry is reachable, or a
# base built locally from the pinned runtime where none is.
ARG BASE_IMAGE=node:26-slim

# Build: install from the lockfile (the pinned Node runtime, better-sqlite3 compiled against its
# headers, TypeScript compiled to dist/ by `prepare`), then drop the development packages.
FROM ${BASE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.build.json nest-cli.json ormconfig.ts ./
COPY scripts ./scripts
COPY src ./src
COPY bench ./bench
COPY bin ./bin
RUN npm ci --no-audit --no-fund && npm prune --omit=dev --no-audit --no-fund

# Runtime: only the compiled app, production node_modules and the pinned runtime, as a non-root user.
FROM ${BASE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 KB_DATABASE_URL=/data/kb.db PATH=/app/node_modules/.bin:$PATH
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/bin ./bin
COPY --from=build /app/src/docs/manual.md ./src/docs/manual.md
RUN mkdir -p /data && chown 10001:10001 /data
USER 10001
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
STOPSIGNAL SIGTERM
# bin/kbp.js runs with the Node flags of its first line.
CMD ["bin/kbp.js", "serve"]
