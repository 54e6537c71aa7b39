# The Formwork API process with the built client (docs/deployment.md). Stateless: configure it
# with DATABASE_URL and FILE_STORE=s3 to run several behind a load balancer.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY . .
RUN npx vite build --logLevel warn

FROM node:20-bookworm-slim
# Chromium and a CJK font print the PDFs of print templates (docs/adr/0951).
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-noto-cjk && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 CLIENT_DIR=/app/dist/client DATA_DIR=/data
COPY package.json package-lock.json ./
# tsx runs the TypeScript server as `npm start` does; it is a runtime dependency.
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY --from=build /app/dist/client ./dist/client
COPY src ./src
COPY schema-adapters ./schema-adapters
COPY fixtures ./fixtures
COPY tsconfig.json ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=5s --start-period=300s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "src/server/main.ts"]
