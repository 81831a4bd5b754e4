# Multi-stage image: build the web app once, then a slim runtime with production dependencies.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The compiled server and worker (dist/server) and the web build (dist/web); the sources stay for
# the command-line tools (npm run create-superuser, projections, export, import), which run on tsx.
COPY --from=build /app/dist ./dist
COPY domain ./domain
COPY eventstore ./eventstore
COPY projections ./projections
COPY api ./api
COPY scripts ./scripts
COPY tsconfig.json ./
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
USER node
CMD ["node", "dist/server/main.mjs"]
