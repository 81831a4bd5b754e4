/** A field people never see or reach; automated senders fill it, and the server then stores nothing. */
export const Honeypot = ({ value, onChange }: { value: string; onChange: (v: string) => void }) => (
  <div className="hp-field" aria-hidden="true">
    <label htmlFor="hp-website">Website</label>
    <input id="hp-website" name="website" type="text" tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
  </div>
);
