# One image for every service; docker-compose.yml picks the service with SERVICE.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build:web && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
# tsx runs the TypeScript sources directly; telemetry is preloaded so http and pg are instrumented.
ENTRYPOINT ["sh", "-c", "exec node --import tsx --import @freemarket/kit/telemetry services/${SERVICE:?set SERVICE}/src/bin.ts"]
