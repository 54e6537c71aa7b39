/** The Fastify application factory (tests call it and use `app.inject`). */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import type { AppConfig } from './config.js';
import type { AppDatabase } from './db/openDatabase.js';
import { installErrorHandler } from './http/errorHandler.js';
import { installBodyKeyCheck } from './http/bodyKeys.js';
import { schemaController } from './http/validatorCompiler.js';
import { installStaticClient } from './http/staticClient.js';
import { installCompression } from './http/compression.js';
import { installPageSources, pageConnectSources, pageImgSources } from './http/pageSources.js';
import { installAuthHook } from './auth/authHook.js';
import { installOpenApi } from './http/openApi/installOpenApi.js';
import { routePlugins } from './routes/index.js';
import { systemRoutePlugins } from './routes/system.js';
import { installJobs } from './jobs/installJobs.js';
import { installOutboundLog } from './providers/installOutboundLog.js';
import { installFlowHooks } from './flows/services/installFlowHooks.js';
import { installDeadlines } from './flows/services/installDeadlines.js';
import { fileStoreFor } from './files/openFileStore.js';
import { listenForChanges } from './db/changeFeed.js';
import { openReadDatabase } from './db/readDatabase.js';
import './auth/types.js';

export interface BuildAppOptions {
  config: AppConfig;
  database: AppDatabase;
  /** pino options, `false` for silence (tests), or omitted for the configured level. */
  logger?: FastifyServerOptions['logger'];
  /** The clock of time-limited rules (SMS codes); tests pass a fake one. Default: the system clock. */
  now?: () => Date;
}

/** Builds the app: security headers, envelope and errors, auth hook, /api routes, the client. */
export async function buildApp({ config, database, logger, now }: BuildAppOptions): Promise<FastifyInstance> {
  // Record writes start, lock and end approvals through these (records/services/flowHooks.ts).
  installFlowHooks();
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: 10 * 1024 * 1024,
    schemaController: schemaController(),
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('now', now ?? (() => new Date()));
  if (config.databaseReadUrl && database.kind === 'postgres') {
    const read = await openReadDatabase(config.databaseReadUrl);
    app.decorate('readDb', read.db);
    app.addHook('onClose', read.close);
  } else {
    app.decorate('readDb', database.db);
  }

  // Before helmet: its CSP adds the tenant's configured map hosts and camera origin, looked up here.
  installPageSources(app);
  // The ONLYOFFICE editor page loads api.js from the Document Server, which opens its editor in a frame (docs/office.md).
  const onlyoffice = config.office.onlyofficeUrl ? [new URL(config.office.onlyofficeUrl).origin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...onlyoffice],
        // antd (CSS-in-JS) and Formily write inline style elements and attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', pageImgSources],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", pageConnectSources, ...onlyoffice],
        workerSrc: ["'self'", 'blob:'],
        // blob: for the built-in PDF preview, whose frame shows a blob this client typed application/pdf.
        frameSrc: ["'self'", 'blob:', ...onlyoffice],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
      },
    },
    hsts: false,
  });

  // Several API processes on one PostgreSQL: hear each other's cache invalidations (PGlite is one process).
  if (database.kind === 'postgres') {
    const stop = await listenForChanges((database.pool as unknown as { options: import('pg').ClientConfig }).options, app.log);
    app.addHook('onClose', stop);
  }

  // Before the routes and the static files: its onSend hook applies to what is added after it.
  await installCompression(app);
  installErrorHandler(app);
  installBodyKeyCheck(app);
  installAuthHook(app);
  installJobs(app, await fileStoreFor(config));
  installDeadlines(app);
  // Every call to an outside provider during a request is logged for 外部接口日志 under its tenant.
  installOutboundLog(app);
  // Before the routes: the OpenAPI generator collects them as they are added.
  await installOpenApi(app);
  await app.register(
    async (api) => {
      for (const plugin of [...systemRoutePlugins, ...routePlugins]) await api.register(plugin);
    },
    { prefix: '/api' },
  );
  await installStaticClient(app, config.clientDir);
  return app;
}
