/**
 * 附件上传 through the document camera (spec 02 §2.5, §7, §8): the live stream, 拍照 (grab a photo),
 * 合成PDF (the photos as one PDF, composed here with pdf-lib), 取消 and 上传. Without a configured or
 * reachable camera service the dialog says so and nothing else happens.
 */
import { Alert, Button, Modal, Space, Spin, Typography } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { useEffect, useState } from 'react';
import { cameraGrab, cameraStatus, cameraStreamUrl } from '../../api/files';
import { cameraReady, imageType, photoBytes, photosToPdf } from './camera';

interface Props {
  open: boolean;
  /** The camera service's base URL, or null when none is configured. */
  base: string | null;
  /** How many files the field may still take (null: no limit). */
  room: number | null;
  /** Uploads the files; resolves true when all succeeded. */
  onUpload: (files: File[]) => Promise<boolean>;
  onClose: () => void;
}

type State = 'checking' | 'ready' | 'offline' | 'unconfigured';

/** A stamp for generated names: yyyyMMddHHmmss. */
function stamp(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

function Photo({ bytes, index }: { bytes: Uint8Array<ArrayBuffer>; index: number }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([bytes], { type: imageType(bytes) === 'png' ? 'image/png' : 'image/jpeg' }));
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [bytes]);
  return src ? <img src={src} alt={`照片${index + 1}`} width={80} height={60} style={{ objectFit: 'cover', border: '1px solid #eee' }} /> : null;
}

/** The camera dialog. */
export function CameraDialog({ open, base, room, onUpload, onClose }: Props) {
  const { message } = useFeedback();
  const [state, setState] = useState<State>('checking');
  const [photos, setPhotos] = useState<Uint8Array<ArrayBuffer>[]>([]);
  const [pdf, setPdf] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setPhotos([]);
    setPdf(null);
    if (!base) return setState('unconfigured');
    setState('checking');
    let live = true;
    cameraStatus(base).then(
      (s) => live && setState(cameraReady(s) ? 'ready' : 'offline'),
      () => live && setState('offline'),
    );
    return () => {
      live = false;
    };
  }, [open, base]);

  const take = async () => {
    if (!base) return;
    if (room !== null && photos.length >= room && !pdf) return void message.warning(`最多只能上传 ${room} 个文件`);
    setBusy(true);
    try {
      const bytes = photoBytes(await cameraGrab(base));
      if (!bytes || !imageType(bytes)) throw new Error();
      setPhotos((p) => [...p, bytes]);
      setPdf(null);
    } catch {
      message.error('请确认设备正常连接！');
    } finally {
      setBusy(false);
    }
  };
  const compose = async () => {
    if (!photos.length) return void message.warning('请先拍照');
    setBusy(true);
    try {
      const name = `高拍仪扫描_${stamp()}.pdf`;
      setPdf(new File([new Uint8Array(await photosToPdf(photos))], name, { type: 'application/pdf' }));
      message.success(`合成成功：${name}`);
    } catch {
      message.error('合成失败');
    } finally {
      setBusy(false);
    }
  };
  const upload = async () => {
    const files = pdf ? [pdf] : photos.map((b, i) => new File([b], `高拍仪照片_${stamp()}_${i + 1}.${imageType(b) === 'png' ? 'png' : 'jpg'}`, { type: imageType(b) === 'png' ? 'image/png' : 'image/jpeg' }));
    if (!files.length) return void message.warning('请先拍照');
    if (room !== null && files.length > room) return void message.warning(`最多只能上传 ${room} 个文件`);
    setBusy(true);
    try {
      if (await onUpload(files)) onClose();
    } catch {
      message.error('上传失败！');
    } finally {
      setBusy(false);
    }
  };

  const ready = state === 'ready';
  return (
    <Modal
      title="附件上传"
      open={open}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      maskClosable={false}
      footer={[
        <Button key="take" disabled={!ready || busy} onClick={() => void take()}>拍照</Button>,
        <Button key="pdf" disabled={!ready || busy || !photos.length} onClick={() => void compose()}>合成PDF</Button>,
        <Button key="cancel" onClick={onClose}>取消</Button>,
        <Button key="upload" type="primary" disabled={!ready || !photos.length} loading={busy} onClick={() => void upload()}>上传</Button>,
      ]}
    >
      {state === 'unconfigured' ? (
        <Alert type="warning" showIcon message="未配置高拍仪服务" description="请管理员在参数设置中配置 sys.upload.camera.url（高拍仪本地服务地址）后再使用高拍仪上传。" />
      ) : state === 'offline' ? (
        <Alert type="error" showIcon message="请确认设备正常连接！" description={`无法连接高拍仪服务（${base}），请检查设备与驱动是否已启动。`} />
      ) : state === 'checking' ? (
        <Spin tip="正在连接高拍仪…"><div style={{ height: 120 }} /></Spin>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <img src={cameraStreamUrl(base!)} alt="高拍仪画面" style={{ width: '100%', maxHeight: 400, objectFit: 'contain', background: '#000' }} />
          <Space wrap>
            {photos.map((b, i) => <Photo key={i} bytes={b} index={i} />)}
          </Space>
          <Typography.Text type="secondary">
            {pdf ? `已合成：${pdf.name}（上传时上传此 PDF）` : photos.length ? `已拍 ${photos.length} 张` : '点击「拍照」采集图像'}
          </Typography.Text>
        </Space>
      )}
    </Modal>
  );
}
