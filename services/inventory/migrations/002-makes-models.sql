-- Reference data: the makes and models of the Swedish used-car market (always present, not demo data).
-- Names are stored with the catalogue's spelling; lookups are case-insensitive (unique on lower(name)).
CREATE TEMPORARY TABLE catalogue_seed (make text NOT NULL, models text[] NOT NULL);

INSERT INTO catalogue_seed (make, models) VALUES
  ('Alfa Romeo', ARRAY['145', '146', '147', '156', '159', '166', 'Brera', 'Giulia', 'Giulietta', 'GT', 'Junior', 'MiTo', 'Spider', 'Stelvio', 'Tonale']),
  ('Audi', ARRAY['80', '100', 'A1', 'A2', 'A3', 'A4', 'A4 Allroad', 'A5', 'A6', 'A6 Allroad', 'A7', 'A8', 'e-tron', 'e-tron GT', 'Q2', 'Q3', 'Q4 e-tron', 'Q5', 'Q6 e-tron', 'Q7', 'Q8', 'Q8 e-tron', 'R8', 'RS3', 'RS4', 'RS5', 'RS6', 'S3', 'S4', 'S5', 'S6', 'S8', 'SQ5', 'TT']),
  ('BMW', ARRAY['1-serie', '2-serie', '2-serie Active Tourer', '2-serie Gran Coupé', '3-serie', '4-serie', '5-serie', '6-serie', '7-serie', '8-serie', 'i3', 'i4', 'i5', 'i7', 'i8', 'iX', 'iX1', 'iX2', 'iX3', 'M2', 'M3', 'M4', 'M5', 'X1', 'X2', 'X3', 'X4', 'X5', 'X6', 'X7', 'Z3', 'Z4']),
  ('BYD', ARRAY['Atto 2', 'Atto 3', 'Dolphin', 'Dolphin Surf', 'Han', 'Seal', 'Seal U', 'Sealion 7', 'Tang']),
  ('Cadillac', ARRAY['CTS', 'DeVille', 'Eldorado', 'Escalade', 'Fleetwood', 'Lyriq', 'Seville', 'XT4']),
  ('Chevrolet', ARRAY['Aveo', 'Bel Air', 'Bolt', 'Camaro', 'Captiva', 'Chevelle', 'Corvette', 'Cruze', 'Impala', 'Orlando', 'Silverado', 'Spark', 'Tahoe', 'Volt']),
  ('Chrysler', ARRAY['300C', 'Crossfire', 'Grand Voyager', 'PT Cruiser', 'Sebring', 'Voyager']),
  ('Citroën', ARRAY['2CV', 'Berlingo', 'C1', 'C3', 'C3 Aircross', 'C4', 'C4 Cactus', 'C4 Picasso', 'C4 X', 'C5', 'C5 Aircross', 'C5 X', 'ë-C3', 'ë-C4', 'Jumper', 'Jumpy', 'SpaceTourer', 'Xantia', 'Xsara', 'Xsara Picasso']),
  ('Cupra', ARRAY['Ateca', 'Born', 'Formentor', 'Leon', 'Tavascan', 'Terramar']),
  ('Dacia', ARRAY['Bigster', 'Dokker', 'Duster', 'Jogger', 'Lodgy', 'Logan', 'Sandero', 'Sandero Stepway', 'Spring']),
  ('Dodge', ARRAY['Caliber', 'Challenger', 'Charger', 'Durango', 'Journey', 'Nitro', 'Ram', 'Viper']),
  ('DS', ARRAY['DS 3', 'DS 4', 'DS 5', 'DS 7', 'DS 9']),
  ('Ferrari', ARRAY['296', '488', '812', 'California', 'F8', 'Portofino', 'Purosangue', 'Roma', 'SF90']),
  ('Fiat', ARRAY['124 Spider', '500', '500e', '500L', '500X', '600', 'Doblo', 'Ducato', 'Multipla', 'Panda', 'Punto', 'Qubo', 'Scudo', 'Tipo', 'Uno']),
  ('Ford', ARRAY['B-Max', 'C-Max', 'Capri', 'EcoSport', 'Edge', 'Escort', 'Explorer', 'Fiesta', 'Focus', 'Galaxy', 'Ka', 'Kuga', 'Mondeo', 'Mustang', 'Mustang Mach-E', 'Puma', 'Ranger', 'S-Max', 'Sierra', 'Taunus', 'Tourneo Connect', 'Tourneo Custom', 'Transit', 'Transit Connect', 'Transit Custom']),
  ('Honda', ARRAY['Accord', 'Civic', 'CR-V', 'CR-Z', 'e', 'e:Ny1', 'FR-V', 'HR-V', 'Insight', 'Jazz', 'Prelude', 'S2000', 'ZR-V']),
  ('Hyundai', ARRAY['Bayon', 'Getz', 'H-1', 'i10', 'i20', 'i30', 'i40', 'Inster', 'Ioniq', 'Ioniq 5', 'Ioniq 6', 'ix20', 'ix35', 'Kona', 'Santa Fe', 'Staria', 'Tucson']),
  ('Isuzu', ARRAY['D-Max', 'Trooper']),
  ('Jaguar', ARRAY['E-Pace', 'E-Type', 'F-Pace', 'F-Type', 'I-Pace', 'S-Type', 'X-Type', 'XE', 'XF', 'XJ', 'XK']),
  ('Jeep', ARRAY['Avenger', 'Cherokee', 'Commander', 'Compass', 'Gladiator', 'Grand Cherokee', 'Renegade', 'Wrangler']),
  ('Kia', ARRAY['Carens', 'Ceed', 'Ceed SW', 'EV3', 'EV6', 'EV9', 'Niro', 'Optima', 'Picanto', 'ProCeed', 'Rio', 'Sorento', 'Soul', 'Sportage', 'Stinger', 'Stonic', 'Venga', 'XCeed']),
  ('Lancia', ARRAY['Delta', 'Musa', 'Thema', 'Ypsilon']),
  ('Land Rover', ARRAY['Defender', 'Discovery', 'Discovery Sport', 'Freelander', 'Range Rover', 'Range Rover Evoque', 'Range Rover Sport', 'Range Rover Velar']),
  ('Lexus', ARRAY['CT', 'ES', 'GS', 'IS', 'LBX', 'LC', 'LS', 'NX', 'RC', 'RX', 'RZ', 'UX']),
  ('Lynk & Co', ARRAY['01', '02', '08']),
  ('Maserati', ARRAY['Ghibli', 'GranTurismo', 'Grecale', 'Levante', 'MC20', 'Quattroporte']),
  ('Mazda', ARRAY['323', '626', 'CX-3', 'CX-30', 'CX-5', 'CX-60', 'CX-80', 'Mazda2', 'Mazda3', 'Mazda5', 'Mazda6', 'MX-30', 'MX-5', 'RX-8']),
  ('Mercedes-Benz', ARRAY['A-Klass', 'AMG GT', 'B-Klass', 'C-Klass', 'Citan', 'CLA', 'CLK', 'CLS', 'E-Klass', 'EQA', 'EQB', 'EQC', 'EQE', 'EQS', 'EQV', 'G-Klass', 'GLA', 'GLB', 'GLC', 'GLE', 'GLK', 'GLS', 'ML', 'S-Klass', 'SL', 'SLK', 'Sprinter', 'V-Klass', 'Vito']),
  ('MG', ARRAY['Cyberster', 'HS', 'Marvel R', 'MG3', 'MG4', 'MG5', 'MGA', 'MGB', 'ZS', 'ZS EV']),
  ('Mini', ARRAY['Aceman', 'Cabrio', 'Clubman', 'Cooper', 'Cooper S', 'Countryman', 'John Cooper Works', 'One', 'Paceman']),
  ('Mitsubishi', ARRAY['ASX', 'Colt', 'Eclipse Cross', 'Galant', 'L200', 'Lancer', 'Outlander', 'Pajero', 'Space Star']),
  ('Nissan', ARRAY['350Z', '370Z', 'Almera', 'Ariya', 'e-NV200', 'Juke', 'Leaf', 'Micra', 'Navara', 'Note', 'NV200', 'Pathfinder', 'Primastar', 'Primera', 'Qashqai', 'Townstar', 'X-Trail']),
  ('Opel', ARRAY['Adam', 'Agila', 'Ampera', 'Ampera-e', 'Antara', 'Astra', 'Combo', 'Corsa', 'Crossland', 'Frontera', 'Grandland', 'Insignia', 'Kadett', 'Karl', 'Meriva', 'Mokka', 'Movano', 'Omega', 'Vectra', 'Vivaro', 'Zafira']),
  ('Peugeot', ARRAY['106', '107', '108', '2008', '206', '207', '208', '3008', '306', '307', '308', '407', '408', '5008', '508', 'Boxer', 'e-2008', 'e-208', 'e-3008', 'Expert', 'Partner', 'Rifter', 'Traveller']),
  ('Polestar', ARRAY['1', '2', '3', '4']),
  ('Porsche', ARRAY['718 Boxster', '718 Cayman', '911', '924', '928', '944', 'Boxster', 'Cayenne', 'Cayman', 'Macan', 'Panamera', 'Taycan']),
  ('Renault', ARRAY['5 E-Tech', 'Arkana', 'Austral', 'Captur', 'Clio', 'Espace', 'Kadjar', 'Kangoo', 'Koleos', 'Laguna', 'Master', 'Megane', 'Megane E-Tech', 'Rafale', 'Scenic', 'Scenic E-Tech', 'Symbioz', 'Talisman', 'Trafic', 'Twingo', 'Zoe']),
  ('Saab', ARRAY['92', '93', '95', '96', '99', '900', '9000', '9-2X', '9-3', '9-4X', '9-5', '9-7X', 'Sonett']),
  ('Seat', ARRAY['Alhambra', 'Altea', 'Arona', 'Ateca', 'Exeo', 'Ibiza', 'Leon', 'Mii', 'Tarraco', 'Toledo']),
  ('Skoda', ARRAY['Citigo', 'Elroq', 'Enyaq', 'Fabia', 'Kamiq', 'Karoq', 'Kodiaq', 'Octavia', 'Rapid', 'Roomster', 'Scala', 'Superb', 'Yeti']),
  ('Smart', ARRAY['#1', '#3', 'ForFour', 'ForTwo']),
  ('SsangYong', ARRAY['Korando', 'Musso', 'Rexton', 'Tivoli', 'Torres']),
  ('Subaru', ARRAY['BRZ', 'Crosstrek', 'Forester', 'Impreza', 'Legacy', 'Levorg', 'Outback', 'Solterra', 'WRX', 'XV']),
  ('Suzuki', ARRAY['Across', 'Alto', 'Baleno', 'Celerio', 'Grand Vitara', 'Ignis', 'Jimny', 'S-Cross', 'Splash', 'Swace', 'Swift', 'SX4', 'Vitara', 'Wagon R+']),
  ('Tesla', ARRAY['Cybertruck', 'Model 3', 'Model S', 'Model X', 'Model Y', 'Roadster']),
  ('Toyota', ARRAY['Auris', 'Avensis', 'Aygo', 'Aygo X', 'bZ4X', 'C-HR', 'Camry', 'Carina', 'Celica', 'Corolla', 'Corolla Cross', 'Corolla Touring Sports', 'GR86', 'GR Yaris', 'Hiace', 'Highlander', 'Hilux', 'Land Cruiser', 'Mirai', 'Prius', 'Prius+', 'Proace', 'Proace City', 'RAV4', 'Supra', 'Verso', 'Yaris', 'Yaris Cross']),
  ('Volkswagen', ARRAY['Amarok', 'Arteon', 'Beetle', 'Bora', 'Bubbla', 'Caddy', 'California', 'Caravelle', 'Crafter', 'Golf', 'Golf Plus', 'Golf Sportsvan', 'ID.3', 'ID.4', 'ID.5', 'ID.7', 'ID. Buzz', 'Jetta', 'Multivan', 'Passat', 'Passat Alltrack', 'Phaeton', 'Polo', 'Scirocco', 'Sharan', 'T-Cross', 'T-Roc', 'Taigo', 'Tiguan', 'Tiguan Allspace', 'Touareg', 'Touran', 'Transporter', 'Up!']),
  ('Volvo', ARRAY['140', '142', '144', '145', '164', '240', '244', '245', '340', '360', '440', '460', '480', '740', '760', '780', '850', '940', '960', 'Amazon', 'C30', 'C40', 'C70', 'EX30', 'EX40', 'EX90', 'ES90', 'P1800', 'PV444', 'PV544', 'S40', 'S60', 'S70', 'S80', 'S90', 'V40', 'V50', 'V60', 'V70', 'V90', 'XC40', 'XC60', 'XC70', 'XC90']),
  ('XPeng', ARRAY['G6', 'G9', 'P7']),
  ('Zeekr', ARRAY['001', '7X', 'X']);

INSERT INTO inventory.makes (name)
SELECT make FROM catalogue_seed ORDER BY make
ON CONFLICT DO NOTHING;

INSERT INTO inventory.models (make_id, name)
SELECT m.id, x.model
FROM catalogue_seed s
JOIN inventory.makes m ON lower(m.name) = lower(s.make)
CROSS JOIN LATERAL unnest(s.models) AS x(model)
ON CONFLICT DO NOTHING;
DROP TABLE catalogue_seed;
