/**
 * The product sectors (categories) of the demo economy. Each item is written 'Name|base price in SBC', with a
 * trailing '|c' for components (type 'component'); the generator jitters the base price by ±20 %.
 */
import type { MaterialFamily } from './materials';

export interface SectorSpec {
  category: string;
  /** Families whose materials go into this sector's requested_materials. */
  families: readonly MaterialFamily[];
  talents: readonly string[];
  /** Production lead time range in game minutes. */
  productionMinutes: readonly [number, number];
  /** Warehouse slots per piece. */
  space: readonly [number, number];
  items: readonly string[];
}

export const SECTORS: readonly SectorSpec[] = [
  {
    category: 'food',
    families: ['agriculture', 'petrochemicals'],
    talents: ['Chef', 'Food Technologist', 'Sommelier', 'Brewer', 'Agronomist'],
    productionMinutes: [15, 240],
    space: [0.05, 1],
    items: [
      'Bottled Water|1.2', 'Espresso Coffee Beans|14', 'Wheat Flour|2.4', 'Olive Oil|9.5', 'Pasta|2.1',
      'Canned Tomatoes|1.8', 'Chocolate Bar|3.2', 'Cheddar Cheese|11', 'Frozen Pizza|5.5', 'Breakfast Cereal|4.2',
      'Orange Juice|3.4', 'Craft Beer|4.8', 'Red Wine|18', 'Cane Sugar|1.9', 'Butter|6.5', 'Basmati Rice|3.9',
      'Ground Beef|12', 'Baby Formula|24', 'Energy Drink|2.6', "Baker's Yeast|1.5|c", 'Cocoa Butter|16|c',
    ],
  },
  {
    category: 'electronics',
    families: ['metals', 'minerals', 'petrochemicals'],
    talents: ['Electrical Engineer', 'Software Engineer', 'Materials Scientist'],
    productionMinutes: [60, 1440],
    space: [0.1, 6],
    items: [
      'Espresso Machine|420', 'Prototype Drone|1900', 'Smartphone|780', 'Laptop|1350', 'Smart TV|950',
      'Wireless Earbuds|160', 'Gaming Console|520', 'Digital Camera|880', 'Smartwatch|330', 'Tablet|610',
      'Wi-Fi Router|120', 'Microwave Oven|190', 'Refrigerator|1100', 'Washing Machine|740', 'Microchip|45|c',
      'Circuit Board|85|c', 'LCD Panel|210|c', 'Lithium Battery Cell|28|c', 'Hi-Fi Speaker|390', 'Vacuum Cleaner|260',
    ],
  },
  {
    category: 'construction',
    families: ['minerals', 'metals', 'forestry'],
    talents: ['Civil Engineer', 'Mechanical Engineer', 'Carpenter'],
    productionMinutes: [30, 2880],
    space: [0.2, 40],
    items: [
      'Clay Brick|0.9', 'Cement Bag|8.5', 'Concrete Block|3.2', 'Steel Beam|480|c', 'Roof Tile|2.4', 'Glass Pane|65',
      'PVC Pipe|14', 'Plywood Sheet|32', 'Ceramic Tile|4.1', 'Insulation Panel|27', 'Prefab House|86000',
      'Window Frame|230', 'Steel Rebar|19|c', 'Asphalt Mix|95', 'Drywall Sheet|11', 'Front Door|540',
      'Scaffolding Kit|1800', 'Excavator|145000', 'Tower Crane|420000', 'Wall Paint|38',
    ],
  },
  {
    category: 'energy',
    families: ['fuels', 'metals', 'minerals'],
    talents: ['Energy Technician', 'Electrical Engineer', 'Mechanical Engineer'],
    productionMinutes: [30, 2880],
    space: [0.01, 60],
    items: [
      'Solar Panel|260', 'Diesel Generator|6400', 'Firewood Bundle|9', 'Wind Turbine|1250000', 'Gasoline|1.7',
      'Diesel Fuel|1.6', 'Gas Canister|42', 'Coal Briquettes|0.8', 'Lithium Battery Pack|3900', 'Power Inverter|720|c',
      'Hydrogen Fuel Cell|2600|c', 'Electric Transformer|18500', 'Heat Pump|7200', 'Wood Pellets|0.4', 'Biodiesel|1.9',
      'Charging Station|12500', 'Uranium Fuel Rod|68000|c', 'Photovoltaic Cell|4.5|c', 'Power Cable|3.8|c', 'Gas Turbine|950000',
    ],
  },
  {
    category: 'textiles',
    families: ['fibres', 'petrochemicals'],
    talents: ['Tailor', 'Fashion Designer'],
    productionMinutes: [20, 480],
    space: [0.05, 2],
    items: [
      'Cotton T-Shirt|12', 'Denim Jeans|45', 'Wool Sweater|68', 'Winter Jacket|160', 'Running Shoes|95',
      'Silk Scarf|85', 'Bed Linen Set|58', 'Bath Towel|14', 'Polyester Fabric|4.2|c', 'Cotton Yarn|3.1|c',
      'Leather Belt|35', 'Work Gloves|9', 'Raincoat|72', 'Baseball Cap|18', 'Socks Pack|8', 'Curtains|48',
      'Business Suit|420', 'Canvas Sneakers|52', 'Nylon Thread|1.2|c', 'Hoodie|38',
    ],
  },
  {
    category: 'automotive',
    families: ['metals', 'petrochemicals', 'fibres'],
    talents: ['Mechanical Engineer', 'Electrical Engineer', 'Software Engineer'],
    productionMinutes: [60, 4320],
    space: [0.1, 80],
    items: [
      'Electric Scooter|650', 'City Car|16500', 'Pickup Truck|38000', 'Sports Car|145000', 'Motorbike|9200',
      'Delivery Van|31000', 'Electric Sedan|46000', 'City Bus|260000', 'Farm Tractor|88000', 'Car Tire|110|c',
      'Car Battery|140|c', 'Brake Pad Set|55|c', 'Engine Block|2400|c', 'Windshield|320|c', 'Bicycle|420',
      'Semi Truck|165000', 'Camper Van|72000', 'Spark Plug|7|c', 'Gearbox|1800|c', 'Car Seat|380|c',
    ],
  },
  {
    category: 'chemicals',
    families: ['petrochemicals', 'minerals', 'fuels'],
    talents: ['Chemist', 'Pharmacist', 'Materials Scientist'],
    productionMinutes: [30, 720],
    space: [0.01, 2],
    items: [
      'Fertilizer|0.6', 'Plastic Granules|1.4|c', 'Industrial Paint|24', 'Laundry Detergent|9', 'Shampoo|5.5',
      'Toothpaste|3.2', 'Pesticide|18', 'Synthetic Rubber|2.1|c', 'Sulfuric Acid|0.3|c', 'Bioethanol|1.1|c',
      'Super Glue|4.5', 'Bleach|2.2', 'Lubricant Oil|11', 'Epoxy Resin|16|c', 'Fragrance Base|140|c',
      'Pain Relief Tablets|7.5', 'Vitamin Supplements|19', 'Nail Polish|6', 'Face Cream|28', 'Ammonia Solution|0.7|c',
    ],
  },
  {
    category: 'furniture',
    families: ['forestry', 'fibres', 'metals'],
    talents: ['Carpenter', 'Upholsterer'],
    productionMinutes: [60, 1440],
    space: [0.5, 12],
    items: [
      'Office Chair|240', 'Dining Table|680', 'Sofa|1250', 'Bookshelf|190', 'Wardrobe|720', 'Double Bed|890',
      'Mattress|560', 'Kitchen Cabinet|430', 'Desk Lamp|48', 'Armchair|480', 'Coffee Table|210', 'Bar Stool|75',
      'Garden Bench|260', 'Chest of Drawers|340', 'Bunk Bed|520', 'Wood Panel|28|c', 'Upholstery Foam|14|c',
      'Drawer Slide|6|c', 'Office Desk|390', 'Rocking Chair|310',
    ],
  },
  {
    category: 'luxury',
    families: ['metals', 'minerals', 'fibres'],
    talents: ['Jeweller', 'Fashion Designer', 'Sommelier'],
    productionMinutes: [120, 10080],
    space: [0.01, 200],
    items: [
      'Leather Handbag|2400', 'Gold Ring|1800', 'Diamond Necklace|28000', 'Luxury Watch|14500', 'Designer Sunglasses|620',
      'Champagne|95', 'Cashmere Coat|3200', 'Silk Tie|190', 'Fountain Pen|850', 'Yacht|4800000', 'Private Jet|32000000',
      'Cut Diamond|6500|c', 'Gold Ingot|62000|c', 'Pearl Earrings|1400', 'Crystal Chandelier|9800', 'Vintage Cognac|1200',
      'Fine Art Print|2600', 'Cigar Box|480', 'Sapphire Bracelet|7400', 'Eau de Parfum|210',
    ],
  },
];

export interface CatalogItem {
  name: string;
  basePrice: number;
  type: 'product' | 'component';
}

export function parseCatalogItem(entry: string): CatalogItem {
  const [name, price, flag] = entry.split('|');
  return { name, basePrice: Number(price), type: flag === 'c' ? 'component' : 'product' };
}
