/**
 * The portal home inside the main layout (spec 02 §2.3 `index`: the portal homepage as the
 * default child of the empty path): the signed-in tenant's newest published items, each linking
 * to its public page, above the home modules.
 */
import { Card } from 'antd';
import { Link } from 'wouter';
import { usePortalHome } from '../../controllers/usePortal';
import { getTenantCode } from '../../session/cookies';
import { PortalSections } from './PortalSections';

export default function PortalHomeModule() {
  const tenantCode = getTenantCode();
  const home = usePortalHome(tenantCode);
  // A tenant without published sections (or an unreachable portal) shows no empty block on its home.
  if (!home.data || !home.data.sections.length) return null;
  const link = (path: string) => `${path}${path.includes('?') ? '&' : '?'}tenantCode=${encodeURIComponent(tenantCode)}`;
  return (
    <Card title="门户首页" size="small" data-testid="portal-home" extra={<Link href={link('/portal')}>进入门户</Link>}>
      <PortalSections home={home.data} link={link} />
    </Card>
  );
}
