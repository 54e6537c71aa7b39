/**
 * The QR-code dialog of a record (spec 01 §2.1, §2.6): the QR image of the record's mobile link
 * (`/mmh5?formName&formId&tenant`, prefixed with the site origin; a qrCode field's `linkUrl`
 * when opened from that field's list cell), the link itself, and 复制链接, which answers
 * 复制成功. Spec 01 §8: a failed generation is logged only.
 */
import { Modal, Space, Typography } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { qrLink } from '../../fields/media';
import { getTenantCode } from '../../session/cookies';
import { copyText } from './copyText';

/** Open for one record of `formName` (`linkUrl`: a qrCode field's own link base). */
export function QrCodeDialog(props: { formName: string; title: string; id: number | string; linkUrl?: string; onClose(): void }) {
  const { message } = useFeedback();
  const link = qrLink(window.location.origin, props.formName, props.id, getTenantCode(), props.linkUrl);
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    QRCode.toDataURL(link, { width: 220, margin: 1 }).then(setSrc, (e: unknown) => console.warn('二维码生成失败', e));
  }, [link]);
  const copy = () => copyText(link).then(() => void message.success('复制成功'), () => void message.error('复制失败，请手动复制'));
  return (
    <Modal open title={`${props.title}二维码`} width={360} footer={null} onCancel={props.onClose} destroyOnHidden>
      <Space direction="vertical" align="center" style={{ width: '100%' }} data-testid="qr-dialog">
        {src ? <img src={src} alt="二维码" width={220} height={220} /> : <div style={{ width: 220, height: 220 }} />}
        <Typography.Text style={{ wordBreak: 'break-all', fontSize: 12 }} data-testid="qr-link">{link}</Typography.Text>
        <Typography.Link onClick={() => void copy()}>复制链接</Typography.Link>
      </Space>
    </Modal>
  );
}
