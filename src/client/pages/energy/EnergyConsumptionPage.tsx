/**
 * 能耗监测 (/energy-consumption, issue 33 item 3): KPIs of today, the month and the year, the last
 * 30 days' curve of a chosen kind, the 尖峰平谷 split of electricity with its cost, and the meter
 * tree. Charts are ECharts loaded on first use (dashboards' EChart).
 */
import { Card, Col, Empty, Radio, Row, Statistic, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useEnergyConsumption } from '../../controllers/useEnergyConsumption';
import { PageLoading } from '../../routing/PageLoading';
import { EChart } from '../dashboards/EChart';
import { curveOption, meterTree, peakValleyOption } from './energyCharts';

/** The page. */
export default function EnergyConsumptionPage() {
  const { overview, stats, peakValley, meters, loading, failed } = useEnergyConsumption();
  const [kind, setKind] = useState('electricity');
  const curve = useMemo(() => (stats ? curveOption(stats, kind) : null), [stats, kind]);
  const pie = useMemo(() => (peakValley ? peakValleyOption(peakValley) : null), [peakValley]);
  const tree = useMemo(() => meterTree(meters), [meters]);
  if (loading) return <PageLoading />;
  if (failed || !overview) return <Empty description="能耗数据加载失败" />;
  if (!overview.meterCount) return <Empty description="暂无计量点" />;
  return (
    <div data-page="energy-consumption">
      <Row gutter={[16, 16]}>
        {overview.kinds.map((k) => (
          <Col key={k.kind} xs={12} md={6}>
            <Card size="small" title={`${k.name}（${k.unit}）`}>
              <Statistic title="今日" value={k.today} precision={1} />
              <Statistic title="本月" value={k.month} precision={1} />
            </Card>
          </Col>
        ))}
        <Col xs={12} md={6}><Card size="small"><Statistic title="本月折标煤（kgce）" value={overview.monthCoalKg} precision={1} /></Card></Col>
        <Col xs={12} md={6}><Card size="small"><Statistic title="本月碳排放（kg）" value={overview.monthCarbonKg} precision={1} /></Card></Col>
        <Col xs={12} md={6}><Card size="small"><Statistic title="计量点" value={overview.meterCount} /></Card></Col>
        <Col xs={12} md={6}><Card size="small"><Statistic title="未消除告警" value={overview.activeAlarms} /></Card></Col>
        <Col xs={24} lg={16}>
          <Card size="small" title="近 30 天能耗曲线" extra={
            <Radio.Group size="small" value={kind} onChange={(e) => setKind(e.target.value as string)}
              options={overview.kinds.map((k) => ({ label: k.name, value: k.kind }))} optionType="button" />
          }>
            {curve ? <EChart kind="line" option={curve} /> : <Empty />}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" title={peakValley ? `峰平谷用电（电费 ${peakValley.cost.toFixed(2)} 元）` : '峰平谷用电'}>
            {pie && peakValley?.total ? <EChart kind="pie" option={pie} /> : <Empty description="暂无用电数据" />}
          </Card>
        </Col>
        <Col xs={24}>
          <Card size="small" title="计量网络">
            <Tree treeData={tree} defaultExpandAll selectable={false} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
