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
# Each service starts as its package's `start` script says (tsx runs the TypeScript sources; telemetry
# is preloaded so http and pg are instrumented; the service's own node flags), node as PID 1.
ENTRYPOINT ["/app/deploy/start-service.sh"]
