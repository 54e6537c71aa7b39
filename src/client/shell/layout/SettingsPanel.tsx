/** The layout settings drawer (spec 02 §2.4). */
import { Button, ColorPicker, Divider, Drawer, Radio, Space, Switch } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { useSettingsController } from '../../controllers/useSettingsController';
import type { LayoutSettings } from '../../session/settingsStore';
import styles from './SettingsPanel.module.css';

type BoolKey = 'sidebarLogo' | 'foldMenu' | 'foldFlow' | 'fixedHeader' | 'tagsView';
type ColourKey = 'theme' | 'menuActiveColor' | 'inputBorderColor' | 'fromBackgroundColor';

const COLOURS: [ColourKey, string][] = [
  ['theme', '主题颜色'],
  ['menuActiveColor', '菜单选中颜色'],
  ['inputBorderColor', '输入框边框颜色'],
  ['fromBackgroundColor', '表单背景颜色'],
];
const SWITCHES: [BoolKey, string][] = [
  ['sidebarLogo', '显示标志'],
  ['foldMenu', '折叠菜单'],
  ['foldFlow', '折叠流程'],
  ['fixedHeader', '固定页头'],
  ['tagsView', '开启标签页'],
];

/** The drawer; closes on outside click. */
export function SettingsPanel() {
  const { message, modal } = useFeedback();
  const c = useSettingsController();
  const s = c.settings;
  const saved = (p: Promise<unknown>, text = '保存成功') => p.then(() => message.success(text)).catch(() => undefined);
  const setColour = (key: ColourKey, value: string) => {
    if (key === 'theme') void message.loading('正在设置主题，请稍候...', 0.6);
    void saved(c.change(key, value));
  };
  return (
    <Drawer title="布局设置" open={c.open} onClose={c.close} width={300} maskClosable destroyOnHidden>
      <div className={styles.row}>
        <span>侧边栏主题</span>
        <Radio.Group
          value={s.sideTheme}
          onChange={(e) => void saved(c.change('sideTheme', e.target.value as LayoutSettings['sideTheme']))}
          options={[
            { value: 'theme-dark', label: '深色' },
            { value: 'theme-light', label: '浅色' },
          ]}
          optionType="button"
          size="small"
        />
      </div>
      {COLOURS.map(([key, label]) => (
        <div className={styles.row} key={key}>
          <span>{label}</span>
          <ColorPicker size="small" value={s[key]} onChangeComplete={(v) => setColour(key, v.toHexString())} aria-label={label} />
        </div>
      ))}
      <Divider />
      {SWITCHES.map(([key, label]) => (
        <div className={styles.row} key={key}>
          <span>{label}</span>
          <Switch aria-label={label} checked={s[key]} onChange={(v) => void saved(c.change(key, v))} />
        </div>
      ))}
      <Divider />
      <Space wrap>
        <Button onClick={() => void saved(c.resetColours(), '已恢复默认颜色')}>重置颜色</Button>
        <Button onClick={() => void saved(c.reset(), '已重置配置')}>重置配置</Button>
        {c.canInitAll ? (
          <Button
            danger
            onClick={() =>
              modal.confirm({
                title: '系统提示',
                content: '确定要初始化所有用户的布局配置吗？',
                okText: '确定',
                cancelText: '取消',
                onOk: () => saved(c.initAll(), '初始化成功'),
              })
            }
          >
            初始化用户配置
          </Button>
        ) : null}
        {c.canUnbind ? (
          <Button
            onClick={() =>
              modal.confirm({
                title: '系统提示',
                content: '确定要解除微信绑定吗？解除后将不能再使用微信登录。',
                okText: '确定',
                cancelText: '取消',
                onOk: () => saved(c.unbind(), '解绑成功'),
              })
            }
          >
            解绑微信
          </Button>
        ) : null}
        {c.canBind ? <Button onClick={() => void c.bind().catch(() => undefined)}>绑定微信</Button> : null}
      </Space>
    </Drawer>
  );
}
