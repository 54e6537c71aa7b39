/** Single icons from @ant-design/icons' ES build, imported one by one (menuIcons.tsx); the
 * package ships their types only for its CommonJS build. */
declare module '@ant-design/icons/es/icons/*' {
  import type { ForwardRefExoticComponent } from 'react';
  import type { AntdIconProps } from '@ant-design/icons/es/components/AntdIcon';

  const Icon: ForwardRefExoticComponent<AntdIconProps>;
  export default Icon;
}
