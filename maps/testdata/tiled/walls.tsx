<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" name="walls" tilewidth="32" tileheight="32" tilecount="2" columns="2">
 <image source="walls.png" width="64" height="32"/>
 <tile id="1">
  <properties>
   <property name="collides" type="bool" value="true"/>
  </properties>
 </tile>
</tileset>
