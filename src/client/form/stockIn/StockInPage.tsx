/** The add page of the stock-in forms: the 白条入库 drawer opens at once; the button opens it again. */
import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { StockInDrawer } from './StockInDrawer';

/** The page. */
export default function StockInPage({ enName }: { enName: string }) {
  const [open, setOpen] = useState(true);
  return (
    <Card variant="borderless">
      <Typography.Paragraph>入库单通过左侧抽屉录入，保存后保留操作方式、扣损比例、车号和品种，便于连续录入。</Typography.Paragraph>
      <Button type="primary" onClick={() => setOpen(true)}>白条入库</Button>
      <StockInDrawer enName={enName} open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
