/**
 * /flow-pic?processInstanceId=…: the instance's BPMN diagram (bpmn-js viewer, zoom and pan) with
 * the current node highlighted and finished nodes marked. Opened in its own tab without the
 * layout; spec 02 §2.1: its document title is not overwritten.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Space, Spin, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './flowPic.css';
import { getFlowDiagram } from '../../api/flows';
import '../../session/dayjsLocale';
import { queryKeys } from '../../api/queryKeys';
import { useQueryParams } from '../../routing/navigation';

/** The diagram page. */
export default function FlowPicPage() {
  const params = useQueryParams();
  const raw = params.get('processInstanceId') ?? '';
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  const q = useQuery({ queryKey: queryKeys.flows.diagram(id), queryFn: () => getFlowDiagram(id).then((r) => r.data), enabled: id > 0 });
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!q.data || !box.current) return;
    const viewer = new NavigatedViewer({ container: box.current });
    const { xml, activeNodes, finishedNodes } = q.data;
    viewer.importXML(xml).then(() => {
      const canvas = viewer.get('canvas') as { zoom(v: string): void; addMarker(id: string, cls: string): void };
      canvas.zoom('fit-viewport');
      for (const n of finishedNodes) if (!activeNodes.includes(n)) canvas.addMarker(n, 'fw-flow-node-done');
      for (const n of activeNodes) canvas.addMarker(n, 'fw-flow-node-active');
    }, () => setFailed(true));
    return () => viewer.destroy();
  }, [q.data]);
  if (!id) return <Alert type="error" message="缺少流程实例编号" />;
  if (q.isLoading) return <Spin />;
  if (q.error || failed) return <Alert type="error" message="流程图加载失败" />;
  return (
    <div style={{ padding: 16 }}>
      <Space style={{ marginBottom: 8 }}>
        <Tag color="blue">当前节点</Tag>
        <Tag color="green">已完成</Tag>
      </Space>
      <div ref={box} className="fw-flow-pic" data-testid="flow-pic" data-active={q.data?.activeNodes.join(',')} />
    </div>
  );
}
