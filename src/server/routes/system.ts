/** The foundation's route plugins, registered under /api before the records engine's. */
import type { FastifyPluginAsync } from 'fastify';
import { sessionRoutes } from './session/index.js';
import { userRoutes } from './user/index.js';
import { roleRoutes } from './role/index.js';
import { deptRoutes } from './dept/index.js';
import { dictRoutes } from './dict/index.js';
import { configRoutes } from './config/index.js';
import { menuRoutes } from './menu/index.js';
import { constantRoutes } from './constant/index.js';
import { addressRoutes } from './address/index.js';
import { userConfigRoutes } from './userConfig/index.js';
import { operLogRoutes } from './operlog/index.js';
import { outApiLogRoutes } from './outapilog/index.js';
import { msgRoutes } from './msg/index.js';
import { policyRoutes } from './policy/index.js';
import { resourceRoutes } from './resource/index.js';
import { homeRoutes } from './home/index.js';
import { calendarRoutes } from './home/calendar.js';
import { announceRoutes } from './home/announce.js';
import { commonInfoRoutes } from './home/commonInfo.js';
import { smsRoutes } from './sms/index.js';
import { registerRoutes } from './sms/register.js';
import { encryptedLoginRoutes } from './public/encryptedLoginRoutes.js';
import { anonymousFormRoutes } from './public/anonymousFormRoutes.js';
import { workCalendarRoutes } from './calendar/index.js';
import { tenantVerificationRoutes } from './public/tenantVerificationRoutes.js';
import { portalRoutes } from './public/portalRoutes.js';
import { wxAppRoutes } from './public/wxAppRoutes.js';

export const systemRoutePlugins: FastifyPluginAsync[] = [
  sessionRoutes,
  userRoutes,
  roleRoutes,
  deptRoutes,
  dictRoutes,
  configRoutes,
  menuRoutes,
  constantRoutes,
  addressRoutes,
  userConfigRoutes,
  operLogRoutes,
  outApiLogRoutes,
  msgRoutes,
  policyRoutes,
  resourceRoutes,
  homeRoutes,
  calendarRoutes,
  announceRoutes,
  commonInfoRoutes,
  smsRoutes,
  registerRoutes,
  encryptedLoginRoutes,
  anonymousFormRoutes,
  workCalendarRoutes,
  tenantVerificationRoutes,
  portalRoutes,
  wxAppRoutes,
];
