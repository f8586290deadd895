-- Demo data for the prescription platform (runs once, after the migrations, on a fresh database).
-- Catalogue: invented but realistic Swiss pharmindex data (originals with invented brand names and
-- generics of Swiss generic makers), prices in CHF, pictures, patient information texts, insurers.
-- Patients: demo@rezeptpost.ch (complete profile, prescriptions in every state, orders in every
-- status) and demo2@rezeptpost.ch (no profile, for onboarding); password Demo-Rezept-2026.
-- All dates are relative to the day the seed runs.

-- ---------------------------------------------------------------------------------------------
-- Substances: one original (invented brand) and its generics per substance.
create temp table seed_substance (
  ord int primary key,
  inn_de text,        -- German INN, upper case as in dscrd
  inn_fr text,        -- French INN, upper case as in dscrf
  substance_fr text,  -- French INN as in running text
  atc text,
  brand text,         -- invented brand name of the original
  form_de text,
  form_fr text,
  doses text[],
  doseu text,
  packs int[],
  price numeric,      -- original, first dose, first pack (CHF)
  sloplus smallint,   -- of the original: 1 cheaper generics exist, 0 price-reduced original, 2 no generics approved
  makers text[],      -- generic makers ('Actavis' articles are out of trade: nincd 99)
  ind_de text,
  ind_fr text,
  se_de text,
  se_fr text
);

insert into seed_substance values
(1,'ATORVASTATIN','ATORVASTATINE','l''atorvastatine','C10AA05','LIPORVA','Filmtabl','cpr pell','{10,20,40}','mg','{30,100}',38.50,1,'{Mepha,Sandoz,"Spirig HC",Helvepharm,Actavis}',
 'Es wird zur Senkung erhöhter Cholesterinwerte im Blut und zur Vorbeugung von Herzinfarkt und Schlaganfall angewendet.',
 'Il est utilisé pour abaisser un taux de cholestérol sanguin élevé et pour prévenir l''infarctus du myocarde et l''accident vasculaire cérébral.',
 'Häufig sind Kopfschmerzen, Verdauungsbeschwerden und Muskelschmerzen. Melden Sie unerklärliche Muskelschmerzen sofort Ihrem Arzt bzw. Ihrer Ärztin.',
 'Maux de tête, troubles digestifs et douleurs musculaires sont fréquents. Signalez immédiatement toute douleur musculaire inexpliquée à votre médecin.'),
(2,'SIMVASTATIN','SIMVASTATINE','la simvastatine','C10AA01','SIMVALIP','Filmtabl','cpr pell','{20,40}','mg','{28,98}',24.90,0,'{Mepha,Sandoz,Streuli}',
 'Es wird zur Senkung erhöhter Blutfettwerte (Cholesterin) angewendet.',
 'Il est utilisé pour abaisser un taux élevé de lipides sanguins (cholestérol).',
 'Gelegentlich treten Bauchschmerzen, Verstopfung oder Muskelschmerzen auf.',
 'Des douleurs abdominales, une constipation ou des douleurs musculaires peuvent survenir occasionnellement.'),
(3,'ROSUVASTATIN','ROSUVASTATINE','la rosuvastatine','C10AA07','ROSUCARD','Filmtabl','cpr pell','{10,20}','mg','{30,100}',45.60,1,'{Mepha,Sandoz,"Spirig HC",Zentiva}',
 'Es wird zur Senkung erhöhter Cholesterinwerte angewendet, wenn Diät und Bewegung allein nicht ausreichen.',
 'Il est utilisé pour abaisser un taux de cholestérol élevé lorsque le régime et l''activité physique ne suffisent pas.',
 'Häufig sind Kopfschmerzen, Schwindel, Verstopfung und Muskelschmerzen.',
 'Maux de tête, vertiges, constipation et douleurs musculaires sont fréquents.'),
(4,'AMLODIPIN','AMLODIPINE','l''amlodipine','C08CA01','AMLOVASC','Tabl','cpr','{5,10}','mg','{30,100}',29.80,1,'{Mepha,Sandoz,Helvepharm,Streuli,Actavis}',
 'Es wird zur Behandlung von Bluthochdruck und von Angina pectoris angewendet.',
 'Il est utilisé pour traiter l''hypertension artérielle et l''angine de poitrine.',
 'Häufig sind Knöchelschwellungen, Gesichtsrötung, Kopfschmerzen und Müdigkeit.',
 'Gonflement des chevilles, rougeur du visage, maux de tête et fatigue sont fréquents.'),
(5,'LISINOPRIL','LISINOPRIL','le lisinopril','C09AA03','LISOPRESS','Tabl','cpr','{10,20}','mg','{30,100}',21.40,0,'{Mepha,Sandoz,Axapharm}',
 'Es wird zur Behandlung von Bluthochdruck und Herzschwäche angewendet.',
 'Il est utilisé pour traiter l''hypertension artérielle et l''insuffisance cardiaque.',
 'Häufig sind trockener Reizhusten, Schwindel und Kopfschmerzen.',
 'Une toux sèche, des vertiges et des maux de tête sont fréquents.'),
(6,'RAMIPRIL','RAMIPRIL','le ramipril','C09AA05','RAMIPRESS','Tabl','cpr','{5,10}','mg','{30,100}',23.90,1,'{Mepha,Sandoz,"Spirig HC",Helvepharm}',
 'Es wird bei Bluthochdruck, Herzschwäche und nach einem Herzinfarkt angewendet.',
 'Il est utilisé en cas d''hypertension artérielle, d''insuffisance cardiaque et après un infarctus du myocarde.',
 'Häufig sind trockener Husten, Schwindel und Müdigkeit.',
 'Une toux sèche, des vertiges et de la fatigue sont fréquents.'),
(7,'LOSARTAN','LOSARTAN','le losartan','C09CA01','LOSACOR','Filmtabl','cpr pell','{50,100}','mg','{28,98}',36.70,1,'{Mepha,Sandoz,"Spirig HC",Zentiva,Actavis}',
 'Es wird zur Behandlung von Bluthochdruck und zum Schutz der Nieren bei Diabetes angewendet.',
 'Il est utilisé pour traiter l''hypertension artérielle et protéger les reins en cas de diabète.',
 'Gelegentlich treten Schwindel, Müdigkeit und erhöhte Kaliumwerte auf.',
 'Des vertiges, de la fatigue et une augmentation du potassium peuvent survenir occasionnellement.'),
(8,'VALSARTAN','VALSARTAN','le valsartan','C09CA03','VALSANOR','Filmtabl','cpr pell','{80,160}','mg','{28,98}',34.20,1,'{Mepha,Sandoz,Helvepharm,Teva}',
 'Es wird zur Behandlung von Bluthochdruck und Herzschwäche angewendet.',
 'Il est utilisé pour traiter l''hypertension artérielle et l''insuffisance cardiaque.',
 'Gelegentlich treten Schwindel, Müdigkeit und niedriger Blutdruck auf.',
 'Des vertiges, de la fatigue et une pression artérielle basse peuvent survenir occasionnellement.'),
(9,'CANDESARTAN','CANDESARTAN','le candésartan','C09CA06','CANDEXAL','Tabl','cpr','{8,16}','mg','{28,98}',33.10,1,'{Mepha,Sandoz,"Spirig HC"}',
 'Es wird zur Behandlung von Bluthochdruck und Herzschwäche angewendet.',
 'Il est utilisé pour traiter l''hypertension artérielle et l''insuffisance cardiaque.',
 'Häufig sind Schwindel, Kopfschmerzen und Atemwegsinfekte.',
 'Vertiges, maux de tête et infections des voies respiratoires sont fréquents.'),
(10,'BISOPROLOL','BISOPROLOL','le bisoprolol','C07AB07','BISOCARDIN','Filmtabl','cpr pell','{5,10}','mg','{30,100}',19.85,0,'{Mepha,Sandoz,Helvepharm,Streuli}',
 'Es wird bei Bluthochdruck, Angina pectoris und Herzschwäche angewendet.',
 'Il est utilisé en cas d''hypertension artérielle, d''angine de poitrine et d''insuffisance cardiaque.',
 'Häufig sind Müdigkeit, kalte Hände und Füsse sowie ein langsamer Puls.',
 'Fatigue, mains et pieds froids ainsi qu''un pouls lent sont fréquents.'),
(11,'METOPROLOL','METOPROLOL','le métoprolol','C07AB02','METOLOC','Ret Tabl','cpr ret','{50,100}','mg','{30,100}',22.35,1,'{Mepha,Sandoz,"Spirig HC"}',
 'Es wird bei Bluthochdruck, Herzrhythmusstörungen, Angina pectoris und zur Migräneprophylaxe angewendet.',
 'Il est utilisé en cas d''hypertension artérielle, de troubles du rythme cardiaque, d''angine de poitrine et pour prévenir la migraine.',
 'Häufig sind Müdigkeit, Schwindel und ein langsamer Puls.',
 'Fatigue, vertiges et pouls lent sont fréquents.'),
(12,'TORASEMID','TORASEMIDE','le torasémide','C03CA04','TORADIUR','Tabl','cpr','{5,10}','mg','{30,100}',17.60,1,'{Mepha,Sandoz,Streuli}',
 'Es ist ein harntreibendes Mittel und wird bei Wassereinlagerungen (Ödemen) und Bluthochdruck angewendet.',
 'C''est un diurétique utilisé en cas de rétention d''eau (œdèmes) et d''hypertension artérielle.',
 'Häufig sind vermehrtes Wasserlassen, Durst und Veränderungen der Blutsalze.',
 'Une augmentation des mictions, la soif et des modifications des sels sanguins sont fréquentes.'),
(13,'LERCANIDIPIN','LERCANIDIPINE','la lercanidipine','C08CA13','LERCADIP','Filmtabl','cpr pell','{10,20}','mg','{28,98}',27.40,1,'{Mepha,Sandoz,Helvepharm}',
 'Es wird zur Behandlung von Bluthochdruck angewendet.',
 'Il est utilisé pour traiter l''hypertension artérielle.',
 'Gelegentlich treten Kopfschmerzen, Gesichtsrötung und Knöchelschwellungen auf.',
 'Des maux de tête, une rougeur du visage et un gonflement des chevilles peuvent survenir occasionnellement.'),
(14,'CLOPIDOGREL','CLOPIDOGREL','le clopidogrel','B01AC04','CLOPIDEX','Filmtabl','cpr pell','{75}','mg','{28,84}',52.30,1,'{Mepha,Sandoz,"Spirig HC",Helvepharm}',
 'Es hemmt die Blutplättchen und wird zur Vorbeugung von Herzinfarkt und Schlaganfall angewendet.',
 'Il inhibe les plaquettes sanguines et est utilisé pour prévenir l''infarctus du myocarde et l''accident vasculaire cérébral.',
 'Häufig sind Blutergüsse, Nasenbluten und Magen-Darm-Beschwerden.',
 'Des hématomes, des saignements de nez et des troubles gastro-intestinaux sont fréquents.'),
(15,'METFORMIN','METFORMINE','la metformine','A10BA02','GLUCOFORMIN','Filmtabl','cpr pell','{500,850,1000}','mg','{50,100}',12.45,1,'{Mepha,Sandoz,Axapharm,Streuli,Actavis}',
 'Es wird zur Behandlung der Zuckerkrankheit (Diabetes mellitus Typ 2) angewendet.',
 'Il est utilisé pour traiter le diabète sucré de type 2.',
 'Zu Beginn häufig Übelkeit, Durchfall und Bauchschmerzen; sie gehen meist von selbst zurück.',
 'Au début, nausées, diarrhée et douleurs abdominales sont fréquentes; elles disparaissent généralement d''elles-mêmes.'),
(16,'PANTOPRAZOL','PANTOPRAZOLE','le pantoprazole','A02BC02','PANTOZEP','Tabl magensaftres','cpr gastrorés','{20,40}','mg','{30,100}',31.20,1,'{Mepha,Sandoz,"Spirig HC",Helvepharm,Axapharm,Actavis}',
 'Es vermindert die Bildung von Magensäure und wird bei Sodbrennen, Magengeschwüren und zum Magenschutz angewendet.',
 'Il diminue la production d''acide gastrique et est utilisé en cas de brûlures d''estomac, d''ulcères et pour protéger l''estomac.',
 'Gelegentlich treten Kopfschmerzen, Durchfall oder Blähungen auf.',
 'Des maux de tête, une diarrhée ou des flatulences peuvent survenir occasionnellement.'),
(17,'OMEPRAZOL','OMEPRAZOLE','l''oméprazole','A02BC01','OMEZOL','Kaps magensaftres','caps gastrorés','{20,40}','mg','{28,100}',29.95,0,'{Mepha,Sandoz,Streuli,Actavis}',
 'Es vermindert die Bildung von Magensäure und wird bei Sodbrennen und Magengeschwüren angewendet.',
 'Il diminue la production d''acide gastrique et est utilisé en cas de brûlures d''estomac et d''ulcères.',
 'Gelegentlich treten Kopfschmerzen, Übelkeit oder Durchfall auf.',
 'Des maux de tête, des nausées ou une diarrhée peuvent survenir occasionnellement.'),
(18,'ESOMEPRAZOL','ESOMEPRAZOLE','l''ésoméprazole','A02BC05','ESOMEXAN','Tabl magensaftres','cpr gastrorés','{20,40}','mg','{14,56}',24.60,1,'{Mepha,Sandoz,"Spirig HC",Zentiva}',
 'Es vermindert die Bildung von Magensäure und wird bei Refluxkrankheit und Magengeschwüren angewendet.',
 'Il diminue la production d''acide gastrique et est utilisé en cas de reflux et d''ulcères.',
 'Gelegentlich treten Kopfschmerzen, Bauchschmerzen oder Verstopfung auf.',
 'Des maux de tête, des douleurs abdominales ou une constipation peuvent survenir occasionnellement.'),
(19,'IBUPROFEN','IBUPROFENE','l''ibuprofène','M01AE01','IBUDOLOR','Filmtabl','cpr pell','{400,600}','mg','{20,100}',9.80,0,'{Mepha,Sandoz,Streuli,"Spirig HC"}',
 'Es wirkt schmerzlindernd, fiebersenkend und entzündungshemmend.',
 'Il soulage les douleurs, fait baisser la fièvre et a un effet anti-inflammatoire.',
 'Häufig sind Magenbeschwerden, Übelkeit und Sodbrennen. Nehmen Sie es zu den Mahlzeiten ein.',
 'Des troubles gastriques, des nausées et des brûlures d''estomac sont fréquents. Prenez-le pendant les repas.'),
(20,'PARACETAMOL','PARACETAMOL','le paracétamol','N02BE01','ALGOPARA','Tabl','cpr','{500,1000}','mg','{20,40}',4.90,0,'{Mepha,Sandoz,Streuli,Axapharm}',
 'Es wirkt schmerzlindernd und fiebersenkend.',
 'Il soulage les douleurs et fait baisser la fièvre.',
 'In der empfohlenen Dosierung selten. Überschreiten Sie die Tageshöchstdosis nicht, sie kann die Leber schädigen.',
 'Rares à la posologie recommandée. Ne dépassez pas la dose maximale journalière, elle peut endommager le foie.'),
(21,'DICLOFENAC','DICLOFENAC','le diclofénac','M01AB05','ARTHROFEN','Tabl magensaftres','cpr gastrorés','{25,50}','mg','{30,100}',11.25,0,'{Mepha,Sandoz,"Spirig HC",Streuli}',
 'Es wirkt entzündungshemmend und schmerzlindernd bei rheumatischen Beschwerden und Schmerzen.',
 'Il a un effet anti-inflammatoire et antalgique en cas de rhumatismes et de douleurs.',
 'Häufig sind Magen-Darm-Beschwerden, Kopfschmerzen und Schwindel.',
 'Des troubles gastro-intestinaux, des maux de tête et des vertiges sont fréquents.'),
(22,'SERTRALIN','SERTRALINE','la sertraline','N06AB06','SERTAMIN','Filmtabl','cpr pell','{50,100}','mg','{30,100}',42.80,1,'{Mepha,Sandoz,"Spirig HC",Helvepharm,Zentiva,Actavis}',
 'Es wird zur Behandlung von Depressionen sowie von Angst- und Zwangsstörungen angewendet.',
 'Il est utilisé pour traiter la dépression ainsi que les troubles anxieux et obsessionnels.',
 'Zu Beginn häufig Übelkeit, Schlafstörungen und Kopfschmerzen.',
 'Au début, nausées, troubles du sommeil et maux de tête sont fréquents.'),
(23,'ESCITALOPRAM','ESCITALOPRAM','l''escitalopram','N06AB10','ESCITOR','Filmtabl','cpr pell','{10,20}','mg','{28,98}',48.30,1,'{Mepha,Sandoz,"Spirig HC",Helvepharm,Axapharm,Actavis}',
 'Es wird zur Behandlung von Depressionen und Angststörungen angewendet.',
 'Il est utilisé pour traiter la dépression et les troubles anxieux.',
 'Zu Beginn häufig Übelkeit, Müdigkeit und vermehrtes Schwitzen.',
 'Au début, nausées, fatigue et transpiration accrue sont fréquentes.'),
(24,'CITALOPRAM','CITALOPRAM','le citalopram','N06AB04','CITALOR','Filmtabl','cpr pell','{20,40}','mg','{28,98}',35.75,0,'{Mepha,Sandoz,Streuli}',
 'Es wird zur Behandlung von Depressionen und Panikstörungen angewendet.',
 'Il est utilisé pour traiter la dépression et les troubles paniques.',
 'Häufig sind Übelkeit, Mundtrockenheit und Schläfrigkeit.',
 'Nausées, sécheresse buccale et somnolence sont fréquentes.'),
(25,'MIRTAZAPIN','MIRTAZAPINE','la mirtazapine','N06AX11','MIRTANOX','Schmelztabl','cpr orodisp','{15,30}','mg','{30,96}',38.90,1,'{Mepha,Sandoz,"Spirig HC"}',
 'Es wird zur Behandlung von Depressionen angewendet.',
 'Il est utilisé pour traiter la dépression.',
 'Häufig sind Müdigkeit, vermehrter Appetit und Gewichtszunahme.',
 'Fatigue, augmentation de l''appétit et prise de poids sont fréquentes.'),
(26,'QUETIAPIN','QUETIAPINE','la quétiapine','N05AH04','QUETILAN','Filmtabl','cpr pell','{25,100,200}','mg','{30,100}',22.40,1,'{Mepha,Sandoz,"Spirig HC"}',
 'Es wird bei Schizophrenie, bipolaren Störungen und Depressionen angewendet.',
 'Il est utilisé en cas de schizophrénie, de troubles bipolaires et de dépression.',
 'Häufig sind Schläfrigkeit, Schwindel und Mundtrockenheit.',
 'Somnolence, vertiges et sécheresse buccale sont fréquents.'),
(27,'PREGABALIN','PREGABALINE','la prégabaline','N03AX16','PREGANEX','Kaps','caps','{75,150}','mg','{14,56}',28.65,1,'{Mepha,Sandoz,"Spirig HC",Helvepharm,Zentiva}',
 'Es wird bei Nervenschmerzen, Epilepsie und generalisierter Angststörung angewendet.',
 'Il est utilisé en cas de douleurs neuropathiques, d''épilepsie et de trouble anxieux généralisé.',
 'Häufig sind Schwindel, Schläfrigkeit und Gewichtszunahme.',
 'Vertiges, somnolence et prise de poids sont fréquents.'),
(28,'GABAPENTIN','GABAPENTINE','la gabapentine','N03AX12','GABANEURIN','Kaps','caps','{300,400}','mg','{50,100}',41.20,0,'{Mepha,Sandoz,"Spirig HC"}',
 'Es wird bei Epilepsie und Nervenschmerzen angewendet.',
 'Il est utilisé en cas d''épilepsie et de douleurs neuropathiques.',
 'Häufig sind Müdigkeit, Schwindel und Gangunsicherheit.',
 'Fatigue, vertiges et troubles de la marche sont fréquents.'),
(29,'AMOXICILLIN','AMOXICILLINE','l''amoxicilline','J01CA04','AMOXIVAL','Filmtabl','cpr pell','{750,1000}','mg','{10,20}',18.35,1,'{Mepha,Sandoz,"Spirig HC",Streuli}',
 'Es ist ein Antibiotikum aus der Gruppe der Penicilline und wird bei bakteriellen Infektionen angewendet.',
 'C''est un antibiotique du groupe des pénicillines utilisé contre les infections bactériennes.',
 'Häufig sind Durchfall, Übelkeit und Hautausschlag. Bei Atemnot oder Schwellungen sofort den Arzt bzw. die Ärztin aufsuchen.',
 'Diarrhée, nausées et éruption cutanée sont fréquentes. En cas de difficultés respiratoires ou de gonflement, consultez immédiatement un médecin.'),
(30,'CIPROFLOXACIN','CIPROFLOXACINE','la ciprofloxacine','J01MA02','CIPROXAN','Filmtabl','cpr pell','{250,500}','mg','{10,20}',21.90,1,'{Mepha,Sandoz,"Spirig HC"}',
 'Es ist ein Antibiotikum und wird bei bakteriellen Infektionen, z. B. der Harnwege, angewendet.',
 'C''est un antibiotique utilisé contre les infections bactériennes, p. ex. des voies urinaires.',
 'Häufig sind Übelkeit und Durchfall; selten Sehnenbeschwerden.',
 'Nausées et diarrhée sont fréquentes; rarement, des troubles des tendons.'),
(31,'ZOLPIDEM','ZOLPIDEM','le zolpidem','N05CF02','ZOLDORM','Filmtabl','cpr pell','{10}','mg','{10,30}',11.80,1,'{Mepha,Sandoz,Streuli}',
 'Es ist ein Schlafmittel zur kurzzeitigen Behandlung von Schlafstörungen.',
 'C''est un somnifère pour le traitement de courte durée des troubles du sommeil.',
 'Häufig sind Schläfrigkeit am Folgetag, Schwindel und Kopfschmerzen.',
 'Somnolence le lendemain, vertiges et maux de tête sont fréquents.'),
(32,'TAMSULOSIN','TAMSULOSINE','la tamsulosine','G04CA02','TAMSUPROST','Ret Kaps','caps ret','{0.4}','mg','{30,100}',33.50,1,'{Mepha,Sandoz,"Spirig HC",Helvepharm}',
 'Es wird bei Beschwerden beim Wasserlassen infolge einer gutartigen Prostatavergrösserung angewendet.',
 'Il est utilisé en cas de troubles de la miction dus à une hypertrophie bénigne de la prostate.',
 'Häufig sind Schwindel und Ejakulationsstörungen.',
 'Vertiges et troubles de l''éjaculation sont fréquents.'),
(33,'ALLOPURINOL','ALLOPURINOL','l''allopurinol','M04AA01','URIPURIN','Tabl','cpr','{100,300}','mg','{30,100}',9.60,0,'{Mepha,Sandoz,Streuli,Helvepharm}',
 'Es senkt die Harnsäure im Blut und wird bei Gicht angewendet.',
 'Il abaisse l''acide urique dans le sang et est utilisé en cas de goutte.',
 'Gelegentlich treten Hautausschlag und Magen-Darm-Beschwerden auf.',
 'Des éruptions cutanées et des troubles gastro-intestinaux peuvent survenir occasionnellement.'),
(34,'LEVOTHYROXIN','LEVOTHYROXINE','la lévothyroxine','H03AA01','THYROXAN','Tabl','cpr','{50,75,100}','mcg','{100}',14.30,2,'{}',
 'Es ersetzt das Schilddrüsenhormon bei Schilddrüsenunterfunktion.',
 'Il remplace l''hormone thyroïdienne en cas d''hypothyroïdie.',
 'Bei richtiger Dosierung selten; bei Überdosierung Herzklopfen, Unruhe und Schlafstörungen.',
 'Rares à la bonne posologie; en cas de surdosage, palpitations, agitation et troubles du sommeil.'),
(35,'TICAGRELOR','TICAGRELOR','le ticagrélor','B01AC24','TICAGRA','Filmtabl','cpr pell','{90}','mg','{56,168}',98.40,2,'{}',
 'Es hemmt die Blutplättchen und wird nach einem Herzinfarkt angewendet.',
 'Il inhibe les plaquettes sanguines et est utilisé après un infarctus du myocarde.',
 'Häufig sind Atemnot, Blutergüsse und Nasenbluten.',
 'Essoufflement, hématomes et saignements de nez sont fréquents.'),
(36,'SITAGLIPTIN','SITAGLIPTINE','la sitagliptine','A10BH01','GLIPTAVIA','Filmtabl','cpr pell','{50,100}','mg','{28,98}',64.20,2,'{}',
 'Es wird zur Behandlung der Zuckerkrankheit (Diabetes mellitus Typ 2) angewendet.',
 'Il est utilisé pour traiter le diabète sucré de type 2.',
 'Gelegentlich treten Kopfschmerzen und Infekte der oberen Atemwege auf.',
 'Des maux de tête et des infections des voies respiratoires supérieures peuvent survenir occasionnellement.'),
(37,'APIXABAN','APIXABAN','l''apixaban','B01AF02','APIXOR','Filmtabl','cpr pell','{2.5,5}','mg','{60,168}',112.85,2,'{}',
 'Es hemmt die Blutgerinnung und wird zur Vorbeugung von Blutgerinnseln und Schlaganfall angewendet.',
 'Il inhibe la coagulation sanguine et est utilisé pour prévenir les caillots et l''accident vasculaire cérébral.',
 'Häufig sind Blutungen (z. B. Nasen- oder Zahnfleischbluten) und Blutergüsse.',
 'Des saignements (p. ex. du nez ou des gencives) et des hématomes sont fréquents.'),
(38,'EMPAGLIFLOZIN','EMPAGLIFLOZINE','l''empagliflozine','A10BK03','EMPAGLIN','Filmtabl','cpr pell','{10,25}','mg','{30,90}',71.90,2,'{}',
 'Es wird bei Diabetes mellitus Typ 2 und bei Herzschwäche angewendet.',
 'Il est utilisé en cas de diabète sucré de type 2 et d''insuffisance cardiaque.',
 'Häufig sind Genitalinfektionen und vermehrtes Wasserlassen.',
 'Des infections génitales et une augmentation des mictions sont fréquentes.');

create temp table seed_maker (maker text primary key, factor numeric);
insert into seed_maker values
  ('Mepha', 0.60), ('Sandoz', 0.57), ('Spirig HC', 0.62), ('Helvepharm', 0.55), ('Streuli', 0.90),
  ('Axapharm', 0.53), ('Zentiva', 0.58), ('Teva', 0.61), ('Actavis', 0.66);

-- Articles: substance x (original, makers) x dose x pack size.
create temp table seed_article as
with a as (
  select s.*, m.maker, m.mi, d.dose, d.di, p.qty, p.pi
    from seed_substance s
   cross join lateral unnest(array[null]::text[] || s.makers) with ordinality m(maker, mi)
   cross join lateral unnest(s.doses) with ordinality d(dose, di)
   cross join lateral unnest(s.packs) with ordinality p(qty, pi)
), named as (
  select a.*,
         case when a.maker is null then a.brand else a.inn_de || ' ' || a.maker end
           || ' ' || a.form_de || ' ' || a.dose || ' ' || a.doseu as product_d,
         case when a.maker is null then a.brand else a.inn_fr || ' ' || a.maker end
           || ' ' || a.form_fr || ' ' || a.dose || ' ' || a.doseu as product_f,
         round(a.price * (1 + 0.45 * (a.di - 1)) * power(a.qty::numeric / a.packs[1], 0.8) * 20) / 20 as orig_price
    from a
)
select n.ord, n.maker, n.mi, n.dose, n.di, n.qty, n.pi, n.doseu, n.form_de, n.atc, n.inn_de,
       n.product_d, n.product_f,
       n.product_d || ' ' || n.qty || ' Stk' as dscrd,
       n.product_f || ' ' || n.qty || ' pce' as dscrf,
       case when n.maker is null then 'O' else 'G' end as gencd,
       case when n.maker is null then n.sloplus else 0 end::smallint as sloplus,
       case when n.maker = 'Actavis' then 99 else 10 end::smallint as nincd,
       greatest(1.00, case
         when n.maker is null then n.orig_price
         else round(n.orig_price
                    * (case when n.sloplus = 0 then 1 - (1 - mk.factor) * 0.35 else mk.factor end
                       + ((n.ord * 7 + n.mi * 3 + n.di) % 5) * 0.01) * 20) / 20
       end)::numeric(10, 2) as price,
       14000 + 7 * dense_rank() over (order by n.ord, n.mi, n.di) as prdno,
       1000000 + (row_number() over (order by n.ord, n.mi, n.di, n.pi) * 104729) % 8999993 as pharmacode
  from named n
  left join seed_maker mk on mk.maker = n.maker;

insert into public.pharmindex_product (prdno, dscrd, dscrf, dose, doseu, galenic_form)
select distinct prdno, product_d, product_f, dose, doseu, form_de from seed_article;

insert into public.pharmindex (pharmacode, prdno, dscrd, dscrf, nincd, qty, qtyu, sloplus, atc, substance, gencd)
select pharmacode, prdno, dscrd, dscrf, nincd, qty, 'Stk', sloplus, atc, initcap(inn_de), gencd
  from seed_article;

insert into public.pharmindex_prices (pharmacode, price)
select pharmacode, price from seed_article;

-- Pictures: originals (front and 3D), Mepha and Sandoz (front only).
insert into public.pharmindex_images (pharmacode, picfront, picfront3d)
select pharmacode, pharmacode || '_PICFRONT.JPG',
       case when maker is null then pharmacode || '_PICFRONT3D.JPG' end
  from seed_article
 where maker is null or maker in ('Mepha', 'Sandoz');

-- Over-the-counter articles (nincd 20) and out-of-trade leftovers (nincd 99) without generics.
insert into public.pharmindex_product (prdno, dscrd, dscrf, dose, doseu, galenic_form) values
  (9101, 'MAGNEVITAL Brausetabl 300 mg', 'MAGNEVITAL cpr eff 300 mg', '300', 'mg', 'Brausetabl'),
  (9102, 'VITAMIN D3 Streuli Tropfen 4000 IE/ml', 'VITAMINE D3 Streuli gouttes 4000 UI/ml', '4000', 'IE/ml', 'Tropfen'),
  (9103, 'NASOFREE Nasenspray 0.1 %', 'NASOFREE spray nasal 0.1 %', '0.1', '%', 'Nasenspray'),
  (9104, 'ALGOPARA Brausetabl 500 mg', 'ALGOPARA cpr eff 500 mg', '500', 'mg', 'Brausetabl'),
  (9105, 'ACETYLCYSTEIN Mepha Brausetabl 600 mg', 'ACETYLCYSTEINE Mepha cpr eff 600 mg', '600', 'mg', 'Brausetabl'),
  (9106, 'CARDIOASPIRIN Tabl 100 mg', 'CARDIOASPIRIN cpr 100 mg', '100', 'mg', 'Tabl'),
  (9107, 'LORATADIN Streuli Tabl 10 mg', 'LORATADINE Streuli cpr 10 mg', '10', 'mg', 'Tabl');

insert into public.pharmindex (pharmacode, prdno, dscrd, dscrf, nincd, qty, qtyu, sloplus, atc, substance, gencd) values
  (712345, 9101, 'MAGNEVITAL Brausetabl 300 mg 20 Stk', 'MAGNEVITAL cpr eff 300 mg 20 pce', 20, 20, 'Stk', null, 'A12CC05', 'Magnesium', null),
  (712346, 9101, 'MAGNEVITAL Brausetabl 300 mg 60 Stk', 'MAGNEVITAL cpr eff 300 mg 60 pce', 20, 60, 'Stk', null, 'A12CC05', 'Magnesium', null),
  (723456, 9102, 'VITAMIN D3 Streuli Tropfen 4000 IE/ml 10 ml', 'VITAMINE D3 Streuli gouttes 4000 UI/ml 10 ml', 10, 10, 'ml', 0, 'A11CC05', 'Colecalciferol', null),
  (734567, 9103, 'NASOFREE Nasenspray 0.1 % 10 ml', 'NASOFREE spray nasal 0.1 % 10 ml', 20, 10, 'ml', null, 'R01AA07', 'Xylometazolin', null),
  (745678, 9104, 'ALGOPARA Brausetabl 500 mg 16 Stk', 'ALGOPARA cpr eff 500 mg 16 pce', 20, 16, 'Stk', null, 'N02BE01', 'Paracetamol', null),
  (756789, 9105, 'ACETYLCYSTEIN Mepha Brausetabl 600 mg 10 Stk', 'ACETYLCYSTEINE Mepha cpr eff 600 mg 10 pce', 20, 10, 'Stk', null, 'R05CB01', 'Acetylcystein', null),
  (767890, 9106, 'CARDIOASPIRIN Tabl 100 mg 28 Stk', 'CARDIOASPIRIN cpr 100 mg 28 pce', 10, 28, 'Stk', 0, 'B01AC06', 'Acetylsalicylsäure', null),
  (767891, 9106, 'CARDIOASPIRIN Tabl 100 mg 98 Stk', 'CARDIOASPIRIN cpr 100 mg 98 pce', 10, 98, 'Stk', 0, 'B01AC06', 'Acetylsalicylsäure', null),
  (778901, 9107, 'LORATADIN Streuli Tabl 10 mg 10 Stk', 'LORATADINE Streuli cpr 10 mg 10 pce', 99, 10, 'Stk', null, 'R06AX13', 'Loratadin', null),
  (778902, 9107, 'LORATADIN Streuli Tabl 10 mg 30 Stk', 'LORATADINE Streuli cpr 10 mg 30 pce', 20, 30, 'Stk', null, 'R06AX13', 'Loratadin', null);

insert into public.pharmindex_prices (pharmacode, price) values
  (712345, 12.90), (712346, 29.50), (723456, 8.45), (734567, 7.20), (745678, 6.35),
  (756789, 14.80), (767890, 6.95), (767891, 17.40), (778901, 9.90), (778902, 19.80);

insert into public.pharmindex_images (pharmacode, picfront, picfront3d) values
  (712345, '712345_PICFRONT.JPG', '712345_PICFRONT3D.JPG'),
  (767890, '767890_PICFRONT.JPG', null);

-- ---------------------------------------------------------------------------------------------
-- Patient information (cdtexttype 'PI'): one text per original brand and per Mepha generic,
-- shared by all strengths of that preparation.
create temp table seed_pi as
select 100 + row_number() over (order by s.ord, m.maker nulls first) as id, m.maker,
       case when m.maker is null then initcap(s.brand) || '®' else initcap(s.inn_de) || ' ' || m.maker end as name_de,
       case when m.maker is null then initcap(s.brand) || '®' else initcap(s.inn_fr) || ' ' || m.maker end as name_fr,
       s.*
  from seed_substance s
 cross join lateral (
   select null::text as maker
   union all
   select 'Mepha' where 'Mepha' = any (s.makers)
 ) m;

insert into public.pharmindex_compendium (id, content_de, content_fr)
select id,
  concat_ws(E'\n\n',
    'Was ist ' || name_de || ' und wann wird es angewendet?' || E'\n'
      || name_de || ' enthält den Wirkstoff ' || initcap(inn_de) || '. ' || ind_de || E'\n'
      || 'Auf Verschreibung des Arztes oder der Ärztin.',
    'Wann darf ' || name_de || ' nicht eingenommen werden?' || E'\n'
      || 'Bei bekannter Überempfindlichkeit gegenüber ' || initcap(inn_de) || ' oder einem der Hilfsstoffe.',
    'Wann ist bei der Einnahme von ' || name_de || ' Vorsicht geboten?' || E'\n'
      || 'Informieren Sie Ihren Arzt, Ihre Ärztin, Ihren Apotheker oder Ihre Apothekerin, wenn Sie an anderen Krankheiten leiden, Allergien haben oder andere Arzneimittel (auch selbst gekaufte) einnehmen.',
    'Wie verwenden Sie ' || name_de || '?' || E'\n'
      || 'Halten Sie sich an die von Ihrem Arzt oder Ihrer Ärztin verordnete Dosierung. Ändern Sie die Dosierung nicht von sich aus.',
    'Welche Nebenwirkungen kann ' || name_de || ' haben?' || E'\n' || se_de,
    'Was ist ferner zu beachten?' || E'\n'
      || 'Bei Raumtemperatur (15–25 °C) und ausser Reichweite von Kindern aufbewahren. Das Arzneimittel darf nur bis zu dem auf dem Behälter mit «EXP» bezeichneten Datum verwendet werden.'),
  concat_ws(E'\n\n',
    'Qu''est-ce que ' || name_fr || ' et quand doit-il être utilisé?' || E'\n'
      || name_fr || ' contient le principe actif ' || substance_fr || '. ' || ind_fr || E'\n'
      || 'Selon prescription du médecin.',
    'Quand ' || name_fr || ' ne doit-il pas être pris?' || E'\n'
      || 'En cas d''hypersensibilité connue à ' || substance_fr || ' ou à l''un des excipients.',
    'Quelles sont les précautions à observer lors de la prise de ' || name_fr || '?' || E'\n'
      || 'Veuillez informer votre médecin ou votre pharmacien si vous souffrez d''une autre maladie, si vous êtes allergique ou si vous prenez d''autres médicaments (même en automédication).',
    'Comment utiliser ' || name_fr || '?' || E'\n'
      || 'Respectez la posologie prescrite par votre médecin. Ne modifiez pas la posologie de votre propre chef.',
    'Quels effets secondaires ' || name_fr || ' peut-il provoquer?' || E'\n' || se_fr,
    'À quoi faut-il encore faire attention?' || E'\n'
      || 'Conserver à température ambiante (15–25 °C) et hors de portée des enfants. Le médicament ne doit pas être utilisé au-delà de la date figurant après la mention «EXP» sur le récipient.')
  from seed_pi;

insert into public.pharmindex_compendium_product (prdno, cdtexttype, compendium_id)
select distinct a.prdno, 'PI', pi.id
  from seed_article a
  join seed_pi pi on pi.ord = a.ord and pi.maker is not distinct from a.maker;

select setval(pg_get_serial_sequence('public.pharmindex_compendium', 'id'), (select max(id) from public.pharmindex_compendium));

-- ---------------------------------------------------------------------------------------------
-- Swiss health insurers (descr1 as shown in the picker; some groups appear twice).
insert into public.pharmindex_insurance (descr1, descr2) values
  ('Agrisano', 'Agrisano Krankenkasse AG'),
  ('Aquilana', 'Aquilana Versicherungen'),
  ('Assura', 'Assura-Basis SA'),
  ('Atupri', 'Atupri Gesundheitsversicherung AG'),
  ('Avenir', 'Avenir Assurance Maladie SA'),
  ('Concordia', 'CONCORDIA Schweizerische Kranken- und Unfallversicherung AG'),
  ('CSS', 'CSS Kranken-Versicherung AG'),
  ('CSS', 'CSS Versicherung AG (Zusatzversicherungen)'),
  ('EGK', 'EGK Grundversicherungen AG'),
  ('Galenos', 'Galenos AG'),
  ('Groupe Mutuel', 'Groupe Mutuel Assurances GMA SA'),
  ('Helsana', 'Helsana Versicherungen AG'),
  ('Helsana', 'Helsana Zusatzversicherungen AG'),
  ('KPT', 'KPT Krankenkasse AG'),
  ('Mutuel Assurance', 'Mutuel Assurance Maladie SA'),
  ('ÖKK', 'ÖKK Kranken- und Unfallversicherungen AG'),
  ('Philos', 'Philos Assurance Maladie SA'),
  ('Rhenusana', 'Krankenkasse Rhenusana'),
  ('sana24', 'sana24 AG'),
  ('Sanitas', 'Sanitas Grundversicherungen AG'),
  ('SLKK', 'Schweizerische Lehrerkrankenkasse SLKK'),
  ('Sodalis', 'Sodalis Gesundheitsgruppe'),
  ('Swica', 'SWICA Krankenversicherung AG'),
  ('Sympany', 'Vivao Sympany AG'),
  ('Visana', 'Visana AG'),
  ('Vivao Sympany', 'Vivao Sympany AG'),
  ('Vita Surselva', 'Krankenkasse Vita Surselva');

-- ---------------------------------------------------------------------------------------------
-- Demo users (hosted Supabase's auth.users columns; token columns '' as GoTrue expects).
do $$
declare
  crypto text;
  u record;
  pw text;
begin
  select n.nspname into crypto
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace
   where e.extname = 'pgcrypto';
  for u in
    select * from (values
      ('de000000-0000-4000-8000-000000000001'::uuid, 'demo@rezeptpost.ch'),
      ('de000000-0000-4000-8000-000000000002'::uuid, 'demo2@rezeptpost.ch')
    ) v(id, email)
  loop
    execute format('select %I.crypt($1, %I.gen_salt(''bf''))', crypto, crypto) into pw using 'Demo-Rezept-2026';
    insert into auth.users (
      instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
      confirmation_token, recovery_token, email_change_token_new, email_change,
      email_change_token_current, reauthentication_token,
      raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at
    ) values (
      '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email, pw, now(),
      '', '', '', '', '', '',
      '{"provider":"email","providers":["email"]}',
      '{"language":"de","platform":"prescription-platform"}',
      false, now(), now()
    ) on conflict (id) do nothing;
    insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
    values (
      u.id::text, u.id,
      jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
      'email', now(), now(), now()
    ) on conflict (provider_id, provider) do nothing;
  end loop;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The demo patient's profile, prescriptions and orders.
do $$
declare
  demo constant uuid := 'de000000-0000-4000-8000-000000000001';
  pc_atorva bigint; pc_amlo bigint; pc_metf bigint; pc_panto bigint; pc_thyro bigint;
  pc_liso bigint; pc_amoxi bigint; pc_ibu bigint; pc_zolp bigint; pc_escit bigint; pc_magn bigint;
  o bigint;
  parent_id bigint;
begin
  if exists (select 1 from public.webshop_customers where id = demo) then
    return;
  end if;

  select pharmacode into strict pc_atorva from public.pharmindex where dscrd = 'ATORVASTATIN Mepha Filmtabl 20 mg 30 Stk';
  select pharmacode into strict pc_amlo from public.pharmindex where dscrd = 'AMLOVASC Tabl 5 mg 30 Stk';
  select pharmacode into strict pc_metf from public.pharmindex where dscrd = 'GLUCOFORMIN Filmtabl 850 mg 100 Stk';
  select pharmacode into strict pc_panto from public.pharmindex where dscrd = 'PANTOZEP Tabl magensaftres 20 mg 30 Stk';
  select pharmacode into strict pc_thyro from public.pharmindex where dscrd = 'THYROXAN Tabl 75 mcg 100 Stk';
  select pharmacode into strict pc_liso from public.pharmindex where dscrd = 'LISOPRESS Tabl 10 mg 30 Stk';
  select pharmacode into strict pc_amoxi from public.pharmindex where dscrd = 'AMOXIVAL Filmtabl 1000 mg 20 Stk';
  select pharmacode into strict pc_ibu from public.pharmindex where dscrd = 'IBUPROFEN Sandoz Filmtabl 400 mg 20 Stk';
  select pharmacode into strict pc_zolp from public.pharmindex where dscrd = 'ZOLDORM Filmtabl 10 mg 10 Stk';
  select pharmacode into strict pc_escit from public.pharmindex where dscrd = 'ESCITOR Filmtabl 10 mg 28 Stk';
  pc_magn := 712345;

  insert into public.webshop_customers (id, first_name, last_name, gender, birthday, language, created_at)
  values (demo, 'Sandra', 'Meier', 2, date '1958-04-12', 'de', now() - interval '400 days');

  -- an older address first: the latest (highest id) counts
  insert into public.webshop_customer_address (customer_id, street, street_nr, address2, zip, city, phone, created_at) values
    (demo, 'Rosenweg', '3', null, '8400', 'Winterthur', '0521234567', now() - interval '400 days'),
    (demo, 'Bahnhofstrasse', '12', '2. Stock', '8500', 'Frauenfeld', '0791234567', now() - interval '90 days');

  insert into public.webshop_customer_insurance (customer_id, insurance, veka_nr, police_nr, additional_insurance, additional_insurance_nr, created_at)
  values (demo, 'CSS', '80756012340012345678', '4711-0815-12', 'Sanitas', '556677', now() - interval '400 days');

  insert into public.webshop_customer_questionnaire (
    customer_id, weight, size, d_diabetes, d_high_bp, d_liver, d_blood_clotting, d_kidney, d_bronchi, d_others,
    a_penicillin, a_sulfonamide, a_asa, a_other, external_medications, created_at
  ) values (
    demo, 68.5, 164, true, true, false, false, false, false, 'Arthrose im Knie',
    false, true, false, 'Heftpflaster', array[pc_magn, 767890]::bigint[], now() - interval '400 days'
  );

  insert into public.webshop_customer_order_defaults (customer_id, generic, substitute, probon, get_invoice, comment, created_at) values
    (demo, false, false, false, false, null, now() - interval '400 days'),
    (demo, false, true, true, false, 'Bitte beim Nachbarn (Nr. 14) abgeben, falls niemand da ist.', now() - interval '60 days');

  insert into public.webshop_customer_additional_info (
    customer_id, prescription_send_method, prescription_location, send_asap, send_all, description, doc_name, cpg_name, handled, created_at
  ) values (
    demo, 'post', null, false, true, null, 'Dr. med. Regula Keller', 'Hausarztpraxis am Bahnhof', true, now() - interval '400 days'
  );

  -- Prescriptions in every state (spec §4): active, expiring within 14 days, expired,
  -- single-use used, single-use unused. The used single-use Amoxival is a course of ten days
  -- that ended long ago (ordered 90 days ago, a pack of 20 at two a day): no longer taken
  -- (src/domain/intake-course.ts, issue 38).
  insert into public.webshop_customer_medication (customer_id, medication_id, dosage, comment, expires_at, single_use, used, intake, created_at) values
    (demo, pc_atorva, '{0,0,1,0}', null, current_date + 240, false, false, 'abends', now() - interval '125 days'),
    (demo, pc_amlo, '{1,0,0,0}', 'Blutdruck regelmässig messen', current_date + 180, false, false, 'morgens, unabhängig von den Mahlzeiten', now() - interval '185 days'),
    (demo, pc_thyro, '{1,0,0,0}', null, current_date + 300, false, false, 'nüchtern, 30 Minuten vor dem Frühstück', now() - interval '65 days'),
    (demo, pc_escit, '{0.5,0,0,0}', 'Erste Woche halbe Tablette, danach nach Rücksprache', current_date + 120, false, false, 'morgens', now() - interval '30 days'),
    (demo, pc_metf, '{1,0,1,0}', null, current_date + 9, false, false, 'zu den Mahlzeiten', now() - interval '356 days'),
    (demo, pc_panto, '{1,0,0,0}', null, current_date + 3, false, false, 'vor dem Frühstück', now() - interval '362 days'),
    (demo, pc_liso, '{1,0,0,0}', 'ersetzt durch Amlovasc', current_date - 21, false, false, 'morgens', now() - interval '386 days'),
    (demo, pc_zolp, '{0,0,0,1}', 'nur bei Bedarf', current_date - 90, false, false, 'vor dem Schlafengehen', now() - interval '120 days'),
    (demo, pc_amoxi, '{1,0,1,0}', 'während 7 Tagen', current_date + 40, true, true, 'zu den Mahlzeiten', now() - interval '95 days'),
    (demo, pc_ibu, '{1,1,1,0}', 'bei Bedarf, höchstens 3 Tabletten pro Tag', current_date + 25, true, false, 'zu den Mahlzeiten', now() - interval '5 days');

  -- Orders in every status of spec §4 (0, 1, 2, 3, 4, 10, 90, 98, 100, 99); postal tracking for
  -- sent orders (delivery_method 1); one order in partial deliveries (status 10 with children).
  insert into public.webshop_order (created_at, customer_id, status, delivery_nr, delivery_method, comment, generic, substitute, probon, get_invoice, street, street_nr, address2, zip, city)
  values (now() - interval '200 days', demo, 99, null, null, 'Doppelt bestellt, bitte stornieren.', false, false, false, false, 'Rosenweg', '3', null, '8400', 'Winterthur')
  returning id into o;
  insert into public.webshop_order_item (order_id, pharmacode, amount) values (o, pc_liso, 1);

  insert into public.webshop_order (created_at, customer_id, status, delivery_nr, delivery_method, generic, substitute, probon, get_invoice, street, street_nr, address2, zip, city)
  values (now() - interval '150 days', demo, 100, '99.00.123456.12345678', 1, false, false, true, false, 'Rosenweg', '3', null, '8400', 'Winterthur')
  returning id into o;
  insert into public.webshop_order_item (order_id, pharmacode, amount) values (o, pc_liso, 2), (o, pc_metf, 1);

  insert into public.webshop_order (created_at, customer_id, status, delivery_nr, delivery_method, generic, substitute, probon, get_invoice, street, street_nr, address2, zip, city)
  values (now() - interval '120 days', demo, 90, null, null, false, true, true, false, 'Bahnhofstrasse', '12', '2. Stock', '8500', 'Frauenfeld')
  returning id into o;
  insert into public.webshop_order_item (order_id, pharmacode, amount) values (o, pc_atorva, 1), (o, pc_panto, 1);

  insert into public.webshop_order (created_at, customer_id, status, delivery_nr, delivery_method, generic, substitute, probon, get_invoice, street, street_nr, address2, zip, city)
  values (now() - interval '90 days', demo, 98, '99.00.123456.23456789', 1, false, true, true, false, 'Bahnhofstrasse', '12', '2. Stock', '8500', 'Frauenfeld')
  returning id into o;
  insert into public.webshop_order_item (order_id, pharmacode, amount) values (o, pc_amlo, 2), (o, pc_zolp, 1), (o, pc_amoxi, 1);

  -- the supply forecast (src/domain/supply): Amlovasc, one a morning, came as 2 packs 90 days
  -- ago and 1 pack 27 days ago and nothing is on its way, so it runs out within the week (the
  -- dashboard's "running low" card); Atorvastatin and Thyroxan last for weeks; the single-use
  -- Ibuprofen was never ordered
  insert into public.webshop_order (created_at, customer_id, status, delivery_nr, delivery_method, generic, substitute, probon, get_invoice, street, street_nr, address2, zip, city)
  values (now() - interval '27 days', demo, 100, '99.00.123456.45678901', 1, false, true, true, false, 'Bahnhofstrasse', '12', '2. Stock', '8500', 'Frauenfeld')
  returning id into o;
  insert into public.webshop_order_item (order_id, pharmacode, amount) values (o, pc_amlo, 1);

  -- partial deliveries: the parent holds no items, its children do (items count = order + children)
  insert into public.webshop_order (created_at, customer_id, status, comment, generic, substitute, probon, get_invoice, street, street_nr, address2, zip, city)
  values (now() - interval '20 days', demo, 10, 'Metformin wird nachgeliefert.', false, true, true, false, 'Bahnhofstrasse', '12', '2. Stock', '8500', 'Frauenfeld')
  returning id into parent_id;
  insert into public.webshop_order (created_at, customer_id, parent, status, delivery_nr, delivery_method, generic, substitute, probon, get_invoice, street, street_nr, address2, zip, city)
  values (now() - interval '18 days', demo, parent_id, 100, '99.00.123456.34567890', 1, false, true, true, false, 'Bahnhofstrasse', '12', '2. Stock', '8500', 'Frauenfeld')
  returning id into o;
  insert into public.webshop_order_item (order_id, pharmacode, amount) values (o, pc_atorva, 2), (o, pc_thyro, 1);
  insert into public.webshop_order (created_at, customer_id, parent, status, generic, substitute, probon, get_invoice, street, street_nr, address2, zip, city)
  values (now() - interval '18 days', demo, parent_id, 2, false, true, true, false, 'Bahnhofstrasse', '12', '2. Stock', '8500', 'Frauenfeld')
  returning id into o;
  insert into public.webshop_order_item (order_id, pharmacode, amount) values (o, pc_metf, 1);

  insert into public.webshop_order (created_at, customer_id, status, comment, generic, substitute, probon, get_invoice, street, street_nr, address2, zip, city)
  values (now() - interval '12 days', demo, 4, null, false, true, true, false, 'Bahnhofstrasse', '12', '2. Stock', '8500', 'Frauenfeld')
  returning id into o;
  insert into public.webshop_order_item (order_id, pharmacode, amount) values (o, pc_panto, 1);

  insert into public.webshop_order (created_at, customer_id, status, generic, substitute, probon, get_invoice, street, street_nr, address2, zip, city)
  values (now() - interval '8 days', demo, 3, false, true, true, false, 'Bahnhofstrasse', '12', '2. Stock', '8500', 'Frauenfeld')
  returning id into o;
  insert into public.webshop_order_item (order_id, pharmacode, amount) values (o, pc_thyro, 1);

  insert into public.webshop_order (created_at, customer_id, status, generic, substitute, probon, get_invoice, street, street_nr, address2, zip, city)
  values (now() - interval '5 days', demo, 2, false, true, true, false, 'Bahnhofstrasse', '12', '2. Stock', '8500', 'Frauenfeld')
  returning id into o;
  insert into public.webshop_order_item (order_id, pharmacode, amount) values (o, pc_escit, 1);

  insert into public.webshop_order (created_at, customer_id, status, comment, generic, substitute, probon, get_invoice, street, street_nr, address2, zip, city)
  values (now() - interval '3 days', demo, 1, 'Bitte vor 17 Uhr liefern.', false, true, true, false, 'Bahnhofstrasse', '12', '2. Stock', '8500', 'Frauenfeld')
  returning id into o;
  insert into public.webshop_order_item (order_id, pharmacode, amount) values (o, pc_thyro, 1), (o, pc_metf, 2);

  insert into public.webshop_order (created_at, customer_id, status, generic, substitute, probon, get_invoice, street, street_nr, address2, zip, city)
  values (now() - interval '1 day', demo, 0, false, true, true, false, 'Bahnhofstrasse', '12', '2. Stock', '8500', 'Frauenfeld')
  returning id into o;
  insert into public.webshop_order_item (order_id, pharmacode, amount) values (o, pc_atorva, 1), (o, pc_panto, 1);
end
$$;

drop table seed_pi;
drop table seed_article;
drop table seed_maker;
drop table seed_substance;
