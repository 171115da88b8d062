import { EQUIPMENT_LABEL, groupedEquipment } from '@bilmarknaden/shared/equipment';

/** 'Utrustning': the ad's equipment under its groups' headings (Komfort, Säkerhet, …); nothing when it lists none. */
export function EquipmentSection({ equipment }: { equipment: readonly string[] }) {
  const groups = groupedEquipment(equipment);
  if (groups.length === 0) return null;
  return (
    <section className="car-detail__equipment" aria-labelledby="equipment-heading">
      <h2 id="equipment-heading">{EQUIPMENT_LABEL}</h2>
      <div className="car-detail__equipment-groups">
        {groups.map((g) => (
          <div key={g.label}>
            <h3>{g.label}</h3>
            <ul>
              {g.items.map((label) => (
                <li key={label}>{label}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
