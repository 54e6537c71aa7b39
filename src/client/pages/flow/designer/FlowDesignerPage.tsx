/**
 * 流程设计 (administrators): pick a flow form, draw its process with the bpmn-js modeler, set each
 * user task's assignee, countersign and field rights and each gateway flow's condition, deploy a
 * new version (running instances keep theirs). The server checks everything again (ADR 0970).
 */
import { Button, Card, Col, Empty, Form, Input, Row, Select, Space, Tag } from 'antd';
import { useFeedback } from '../../../feedback/useFeedback';
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import Modeler from 'bpmn-js/lib/Modeler';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import '../flowPic.css';
import type { NodeFields } from '../../../api/flows';
import { STARTER_XML } from './starterXml';
import { useFlowDesigner } from './useFlowDesigner';

interface Element { id: string; type: string; businessObject: { name?: string; $attrs: Record<string, string>; conditionExpression?: { body?: string }; sourceRef?: { $type: string } } }
type Services = { modeling: { updateProperties(el: Element, props: Record<string, unknown>): void }; moddle: { create(type: string, props: Record<string, unknown>): unknown } };

const ASSIGNEE_TYPES = [
  { value: 'user', label: '指定用户（账号）' },
  { value: 'role', label: '角色（角色标识）' },
  { value: 'deptLeader', label: '部门负责人（部门编号）' },
  { value: 'starterLeader', label: '发起人部门负责人' },
  { value: 'levelLeader', label: '发起人的第 N 级上级负责人（层级 1–10）' },
  { value: 'deptFieldLeader', label: '部门字段所选部门的负责人（字段英文名）' },
  { value: 'field', label: '表单字段中的用户' },
];

/** The designer page. */
export default function FlowDesignerPage() {
  const { message } = useFeedback();
  // `?form=` from 审批流程搭建 (a definition the builder cannot show opens here).
  const d = useFlowDesigner(new URLSearchParams(useSearch()).get('form') ?? '');
  const box = useRef<HTMLDivElement>(null);
  const modeler = useRef<Modeler | null>(null);
  const [selected, setSelected] = useState<Element | null>(null);
  const [nodeFields, setNodeFields] = useState<NodeFields>({});
  const [, redraw] = useState(0);

  useEffect(() => {
    if (!d.ready || !box.current) return;
    const m = new Modeler({ container: box.current });
    modeler.current = m;
    setNodeFields(d.latest?.nodeFields ?? {});
    setSelected(null);
    void m.importXML(d.latest?.bpmnXml ?? STARTER_XML).then(() => (m.get('canvas') as { zoom(v: string): void }).zoom('fit-viewport'));
    (m.get('eventBus') as { on(e: string, f: (ev: { newSelection: Element[] }) => void): void }).on('selection.changed', (ev) => setSelected(ev.newSelection[0] ?? null));
    return () => { m.destroy(); modeler.current = null; };
  }, [d.ready, d.latest]);

  const services = () => ({ modeling: modeler.current!.get('modeling'), moddle: modeler.current!.get('moddle') }) as Services;
  const setAttr = (key: string, value: string | undefined) => {
    if (!selected) return;
    if (value) selected.businessObject.$attrs[`formwork:${key}`] = value;
    else delete selected.businessObject.$attrs[`formwork:${key}`];
    redraw((n) => n + 1);
  };
  const setCondition = (body: string) => {
    if (!selected) return;
    const { modeling, moddle } = services();
    modeling.updateProperties(selected, { conditionExpression: body.trim() ? moddle.create('bpmn:FormalExpression', { body, language: 'formwork' }) : undefined });
    redraw((n) => n + 1);
  };
  const setNodeField = (kind: 'hidden' | 'editable', list: string[]) => {
    if (!selected) return;
    setNodeFields((nf) => ({ ...nf, [selected.id]: { ...nf[selected.id], [kind]: list } }));
  };
  const deploy = async () => {
    const { xml } = await modeler.current!.saveXML({ format: true });
    const ids = new Set((modeler.current!.get('elementRegistry') as { getAll(): Element[] }).getAll().map((e) => e.id));
    const kept = Object.fromEntries(Object.entries(nodeFields).filter(([id]) => ids.has(id)));
    const r = await d.deploy({ xml: xml!, nodeFields: kept });
    void message.success(`已部署第 ${r.version} 版`);
  };

  const bo = selected?.businessObject;
  return (
    <Row gutter={16}>
      <Col span={24} style={{ marginBottom: 12 }}>
        <Space>
          <Select aria-label="流程表单" placeholder="选择流程表单" style={{ width: 240 }} value={d.formName || undefined} onChange={d.setFormName}
            options={d.flowForms.map((f) => ({ value: f.enName, label: f.cnName }))} />
          {d.latest ? <Tag color="blue">当前第 {d.latest.version} 版</Tag> : d.formName ? <Tag>尚未部署</Tag> : null}
          <Button type="primary" disabled={!d.ready} loading={d.deploying} onClick={() => void deploy()}>部署</Button>
        </Space>
      </Col>
      <Col xs={24} lg={17}>
        {d.formName ? <div ref={box} className="fw-flow-pic" data-testid="flow-modeler" /> : <Empty description="请选择一个启用了流程的表单" />}
      </Col>
      <Col xs={24} lg={7}>
        <Card size="small" title={selected ? `属性：${bo?.name || selected.id}` : '属性'}>
          {!selected ? <Empty description="点击图中的节点或连线" /> : (
            <Form layout="vertical" size="small">
              <Form.Item label="名称">
                <Input aria-label="节点名称" value={bo?.name ?? ''} onChange={(e) => { services().modeling.updateProperties(selected, { name: e.target.value }); redraw((n) => n + 1); }} />
              </Form.Item>
              {selected.type === 'bpmn:UserTask' ? (
                <>
                  <Form.Item label="处理人类型">
                    <Select aria-label="处理人类型" value={bo?.$attrs['formwork:assigneeType']} options={ASSIGNEE_TYPES} onChange={(v) => setAttr('assigneeType', v)} />
                  </Form.Item>
                  {bo?.$attrs['formwork:assigneeType'] === 'field' ? (
                    <Form.Item label="处理人字段">
                      <Select aria-label="处理人字段" value={bo?.$attrs['formwork:assignee']} options={d.fields} onChange={(v) => setAttr('assignee', v)} />
                    </Form.Item>
                  ) : bo?.$attrs['formwork:assigneeType'] !== 'starterLeader' ? (
                    <Form.Item label="处理人">
                      <Input aria-label="处理人" value={bo?.$attrs['formwork:assignee'] ?? ''} onChange={(e) => setAttr('assignee', e.target.value.trim())} />
                    </Form.Item>
                  ) : null}
                  <Form.Item label="会签">
                    <Select aria-label="会签" allowClear placeholder="不会签" value={bo?.$attrs['formwork:countersign']} onChange={(v) => setAttr('countersign', v)}
                      options={[{ value: 'all', label: '全部同意' }, { value: 'any', label: '任一同意' }]} />
                  </Form.Item>
                  <Form.Item label="隐藏字段">
                    <Select aria-label="隐藏字段" mode="multiple" value={nodeFields[selected.id]?.hidden ?? []} options={d.fields} onChange={(v) => setNodeField('hidden', v)} />
                  </Form.Item>
                  <Form.Item label="可编辑字段">
                    <Select aria-label="可编辑字段" mode="multiple" value={nodeFields[selected.id]?.editable ?? []} options={d.fields} onChange={(v) => setNodeField('editable', v)} />
                  </Form.Item>
                </>
              ) : null}
              {selected.type === 'bpmn:SequenceFlow' && bo?.sourceRef?.$type === 'bpmn:ExclusiveGateway' ? (
                <Form.Item label="条件" extra="例如 ${est_amount} > 10000">
                  <Input aria-label="条件" value={bo?.conditionExpression?.body ?? ''} onChange={(e) => setCondition(e.target.value)} />
                </Form.Item>
              ) : null}
            </Form>
          )}
        </Card>
      </Col>
    </Row>
  );
}
