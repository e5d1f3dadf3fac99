export const COUNTRY_LIST_ID = "country-suggestions";

/** Suggestions for the country field; any country can still be typed. */
export function CountryOptions() {
  return (
    <datalist id={COUNTRY_LIST_ID}>
      <option value="United Kingdom" />
      <option value="Ireland" />
    </datalist>
  );
}
