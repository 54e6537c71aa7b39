/**
 * The report drawer (spec 02 §2.5): the dashboard as a report without chrome in a frame, 75 % of
 * the window wide. A module of its own, loaded when 报表视图 is first clicked, so a dashboard's
 * first load carries no antd `Drawer` (issue 33: the cockpit's first-load budget).
 */
import { Drawer } from 'antd';

/** Props: the drawer's title, the framed address, and how it closes. */
export interface ReportDrawerProps { title: string; src: string; open: boolean; onClose(): void }

/** The drawer. */
export default function ReportDrawer({ title, src, open, onClose }: ReportDrawerProps) {
  return (
    <Drawer title={title} open={open} onClose={onClose} width="75%" destroyOnHidden styles={{ body: { padding: 0 } }}>
      <iframe title={title} src={src} style={{ width: '100%', height: '100%', border: 0 }} />
    </Drawer>
  );
}
