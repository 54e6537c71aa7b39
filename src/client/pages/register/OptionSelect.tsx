/** A labelled choice of the register page (角色, 部门): a "请选择…" entry, then the options; nothing without options. */
import styles from '../login/LoginPage.module.css';

export interface OptionSelectProps {
  /** The accessible name, e.g. 角色. */
  label: string;
  /** The empty entry's text, e.g. 请选择角色. */
  placeholder: string;
  value: string;
  options: { value: number; label: string }[];
  onChange: (value: string) => void;
}

/** Renders the choice, or nothing when the tenant offers no options. */
export function OptionSelect({ label, placeholder, value, options, onChange }: OptionSelectProps) {
  if (!options.length) return null;
  return (
    <div className={styles.field}>
      <select aria-label={label} className={styles.tenant} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
